/** The default hub: one instance, so publishing is delivering to this instance's sockets. */
import type { GridRealtimeMessage } from '@houtai/shared/grid/types';
import type { OwnedRealtimeHub, RealtimeMessage } from './hub.ts';
import type { LocalSockets } from './local-sockets.ts';

/** A 'user' message without an addressee gets each recipient's id (contract §2.12). */
export function needsUserId(message: RealtimeMessage): boolean {
  return message.cmd === 'user' && message.userId === undefined;
}

export class InProcessHub implements OwnedRealtimeHub {
  constructor(private readonly sockets: LocalSockets) {}

  sendToUsers(userIds: readonly string[], message: RealtimeMessage): Promise<void> {
    if (userIds.length > 0) this.sockets.send(userIds, JSON.stringify(message), needsUserId(message));
    return Promise.resolve();
  }

  broadcast(message: RealtimeMessage): Promise<void> {
    this.sockets.send(null, JSON.stringify(message));
    return Promise.resolve();
  }

  sendToPage(pageId: string, message: GridRealtimeMessage, exceptSocketId?: string): Promise<void> {
    this.sockets.sendToPage(pageId, JSON.stringify(message), exceptSocketId);
    return Promise.resolve();
  }

  closeToken(tokenHash: string): Promise<void> {
    this.sockets.closeToken(tokenHash);
    return Promise.resolve();
  }

  closeUser(userId: string, exceptTokenHash?: string): Promise<void> {
    this.sockets.closeUser(userId, exceptTokenHash);
    return Promise.resolve();
  }

  localSocketCount(): number {
    return this.sockets.count;
  }

  ping(): Promise<void> {
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
