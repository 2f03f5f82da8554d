import { describe, expect, it } from 'vitest';
import { CLOSE, LocalSockets, newEntry, withUserId, type RealtimeSocket } from './local-sockets.ts';
import { deliverChannelMessage, parseChannelMessage } from './redis-hub.ts';

class FakeSocket implements RealtimeSocket {
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  sentBuffers: Buffer[] = [];
  pings = 0;
  closedWith: number | null = null;
  terminated = false;

  send(data: Buffer): void {
    this.sentBuffers.push(data);
    this.sent.push(data.toString('utf8'));
  }
  ping(): void {
    this.pings++;
  }
  close(code: number): void {
    this.closedWith = code;
    this.readyState = 2;
  }
  terminate(): void {
    this.terminated = true;
    this.readyState = 3;
  }
}

function open(reg: LocalSockets, userId: string, tokenHash = `h-${userId}`, now = 0) {
  const socket = new FakeSocket();
  const entry = newEntry(socket, userId, tokenHash, now);
  reg.add(entry);
  return { socket, entry };
}

/** A grid socket (/vxeSocket) joined to a page. */
function openGrid(reg: LocalSockets, userId: string, pageId: string, tokenHash = `h-${userId}`) {
  const socket = new FakeSocket();
  const entry = newEntry(socket, userId, tokenHash, 0, pageId);
  reg.add(entry);
  return { socket, entry };
}

describe('LocalSockets: grid sockets of a page', () => {
  it('a page message reaches the other sockets of that page only, never the sender', () => {
    const reg = new LocalSockets(20);
    const sender = openGrid(reg, 'a', 'p1');
    const sameUser = openGrid(reg, 'a', 'p1');
    const other = openGrid(reg, 'b', 'p1');
    const otherPage = openGrid(reg, 'b', 'p2');
    const main = open(reg, 'b');
    expect(reg.sendToPage('p1', '{"type":"update_vxe_table"}', sender.entry.id)).toBe(2);
    expect(sender.socket.sent).toEqual([]);
    expect(sameUser.socket.sent).toEqual(['{"type":"update_vxe_table"}']);
    expect(other.socket.sent).toEqual(['{"type":"update_vxe_table"}']);
    expect(otherPage.socket.sent).toEqual([]);
    expect(main.socket.sent).toEqual([]);
    expect(reg.sendToPage('nobody', '{}')).toBe(0);
  });

  it('grid sockets get no notices (send and broadcast go to main sockets only)', () => {
    const reg = new LocalSockets(20);
    const grid = openGrid(reg, 'a', 'p1');
    const main = open(reg, 'a');
    expect(reg.send(null, '{"cmd":"topic"}')).toBe(1);
    expect(reg.send(['a'], '{"cmd":"user"}')).toBe(1);
    expect(grid.socket.sent).toEqual([]);
    expect(main.socket.sent).toEqual(['{"cmd":"topic"}', '{"cmd":"user"}']);
  });

  it('closeUser, closeToken and the sweep reach grid sockets too', () => {
    const reg = new LocalSockets(20);
    const byUser = openGrid(reg, 'a', 'p1', 'ha');
    const byToken = openGrid(reg, 'b', 'p1', 'hb');
    const silent = openGrid(reg, 'c', 'p1', 'hc');
    reg.closeUser('a');
    reg.closeToken('hb');
    expect(byUser.socket.closedWith).toBe(CLOSE.sessionEnded.code);
    expect(byToken.socket.closedWith).toBe(CLOSE.sessionEnded.code);
    reg.sweep(1000, 1000);
    expect(silent.socket.closedWith).toBe(CLOSE.idle.code);
    expect(reg.count).toBe(0);
    expect(reg.sendToPage('p1', '{}')).toBe(0);
  });

  it('main and grid sockets have a per-user limit each', () => {
    const reg = new LocalSockets(2);
    const main = open(reg, 'a');
    const g1 = openGrid(reg, 'a', 'p1');
    openGrid(reg, 'a', 'p1');
    expect(main.socket.closedWith).toBeNull();
    const evicted = openGrid(reg, 'a', 'p2');
    expect(evicted).toBeDefined();
    expect(g1.socket.closedWith).toBe(CLOSE.tooMany.code);
    expect(main.socket.closedWith).toBeNull();
    expect(reg.count).toBe(3);
  });

  it('every socket has its own id', () => {
    const reg = new LocalSockets(20);
    expect(openGrid(reg, 'a', 'p').entry.id).not.toBe(openGrid(reg, 'a', 'p').entry.id);
  });
});

describe('LocalSockets', () => {
  it('a broadcast encodes the text once and writes it to every open socket', () => {
    const reg = new LocalSockets(20);
    const a = open(reg, 'a');
    const b = open(reg, 'b');
    const c = open(reg, 'c');
    c.socket.readyState = 2;
    expect(reg.send(null, '{"cmd":"topic"}')).toBe(2);
    expect(a.socket.sent).toEqual(['{"cmd":"topic"}']);
    expect(b.socket.sentBuffers[0]).toBe(a.socket.sentBuffers[0]);
    expect(c.socket.sent).toEqual([]);
  });

  it('sends to the named users only, each with its own userId when asked', () => {
    const reg = new LocalSockets(20);
    const a1 = open(reg, 'a', 'h1');
    const a2 = open(reg, 'a', 'h2');
    const b = open(reg, 'b');
    const c = open(reg, 'c');
    expect(reg.send(['a', 'b', 'a', 'nobody'], '{"cmd":"user","msgId":"1"}', true)).toBe(3);
    expect(a1.socket.sent).toEqual(['{"cmd":"user","msgId":"1","userId":"a"}']);
    expect(a2.socket.sent).toEqual(['{"cmd":"user","msgId":"1","userId":"a"}']);
    expect(b.socket.sent).toEqual(['{"cmd":"user","msgId":"1","userId":"b"}']);
    expect(c.socket.sent).toEqual([]);
  });

  it('withUserId appends the member as valid JSON', () => {
    expect(JSON.parse(withUserId('{"cmd":"user","msgTxt":"引号\\"}"}', 'u"1'))).toEqual({
      cmd: 'user',
      msgTxt: '引号"}',
      userId: 'u"1',
    });
    expect(JSON.parse(withUserId('{}', 'x'))).toEqual({ userId: 'x' });
  });

  it('closes the oldest sockets of a user beyond the limit', () => {
    const reg = new LocalSockets(2);
    const first = open(reg, 'a', 'h1');
    const second = open(reg, 'a', 'h2');
    open(reg, 'b');
    const third = open(reg, 'a', 'h3');
    expect(first.socket.closedWith).toBe(CLOSE.tooMany.code);
    expect(second.socket.closedWith).toBeNull();
    expect(third.socket.closedWith).toBeNull();
    expect(reg.count).toBe(3);
  });

  it('closeToken closes the sockets of that session; closeUser those of the user except one session', () => {
    const reg = new LocalSockets(20);
    const s1 = open(reg, 'a', 'h1');
    const s1b = open(reg, 'a', 'h1');
    const s2 = open(reg, 'a', 'h2');
    const other = open(reg, 'b', 'h3');
    reg.closeToken('h1');
    expect([s1.socket.closedWith, s1b.socket.closedWith, s2.socket.closedWith]).toEqual([4001, 4001, null]);
    const s3 = open(reg, 'a', 'h4');
    reg.closeUser('a', 'h4');
    expect([s2.socket.closedWith, s3.socket.closedWith, other.socket.closedWith]).toEqual([4001, null, null]);
    expect(reg.count).toBe(2);
    // Closed sockets receive nothing more even before their close event.
    reg.send(null, '{}');
    expect(s2.socket.sent).toEqual([]);
  });

  it('the sweep terminates a socket that missed a ping, closes a silent one and pings the rest', () => {
    const reg = new LocalSockets(20);
    const dead = open(reg, 'a', 'h1', 0);
    const silent = open(reg, 'b', 'h2', 0);
    const talking = open(reg, 'c', 'h3', 0);
    reg.sweep(1000, 180_000);
    expect([dead.socket.pings, silent.socket.pings, talking.socket.pings]).toEqual([1, 1, 1]);
    silent.entry.alive = true; // answered the ping, but has not sent anything
    talking.entry.alive = true;
    talking.entry.lastHeardAt = 170_000;
    reg.sweep(180_000, 180_000);
    expect(dead.socket.terminated).toBe(true);
    expect(silent.socket.closedWith).toBe(CLOSE.idle.code);
    expect(talking.socket.pings).toBe(2);
    expect(reg.count).toBe(1);
  });

  it('drops a socket whose unsent data piles up instead of buffering more', () => {
    const reg = new LocalSockets(20);
    const slow = open(reg, 'a');
    slow.socket.bufferedAmount = 2 * 1024 * 1024;
    expect(reg.send(null, '{}')).toBe(0);
    expect(slow.socket.terminated).toBe(true);
    expect(reg.count).toBe(0);
  });
});

describe('the Redis channel messages', () => {
  it('are read back as published and ignored when malformed', () => {
    expect(parseChannelMessage('{"t":"send","u":null,"m":"{}"}')).toEqual({ t: 'send', u: null, m: '{}' });
    expect(parseChannelMessage('{"t":"send","u":["a"],"m":"{}","f":1}')).toEqual({
      t: 'send',
      u: ['a'],
      m: '{}',
      f: 1,
    });
    expect(parseChannelMessage('{"t":"closeToken","h":"x"}')).toEqual({ t: 'closeToken', h: 'x' });
    expect(parseChannelMessage('{"t":"closeUser","u":"a","x":"h"}')).toEqual({ t: 'closeUser', u: 'a', x: 'h' });
    expect(parseChannelMessage('{"t":"page","p":"p1","m":"{}","x":"s"}')).toEqual({
      t: 'page',
      p: 'p1',
      m: '{}',
      x: 's',
    });
    expect(parseChannelMessage('{"t":"page","p":"p1","m":"{}"}')).toEqual({ t: 'page', p: 'p1', m: '{}' });
    for (const bad of [
      'nope',
      'null',
      '[]',
      '{"t":"send","u":[1],"m":"{}"}',
      '{"t":"closeToken"}',
      '{"t":"x"}',
      '{"t":"page","m":"{}"}',
      '{"t":"page","p":1,"m":"{}"}',
    ]) {
      expect(parseChannelMessage(bad)).toBeNull();
    }
  });

  it('are delivered to this instance’s sockets', () => {
    const reg = new LocalSockets(20);
    const a = open(reg, 'a', 'h1');
    const b = open(reg, 'b', 'h2');
    deliverChannelMessage(reg, { t: 'send', u: ['a'], m: '{"cmd":"user"}', f: 1 });
    expect(a.socket.sent).toEqual(['{"cmd":"user","userId":"a"}']);
    expect(b.socket.sent).toEqual([]);
    deliverChannelMessage(reg, { t: 'closeUser', u: 'b' });
    deliverChannelMessage(reg, { t: 'closeToken', h: 'h1' });
    expect([a.socket.closedWith, b.socket.closedWith]).toEqual([4001, 4001]);
  });

  it('a page message is delivered to the page’s grid sockets except its sender', () => {
    const reg = new LocalSockets(20);
    const sender = openGrid(reg, 'a', 'p1');
    const viewer = openGrid(reg, 'b', 'p1');
    deliverChannelMessage(reg, { t: 'page', p: 'p1', m: '{"type":"common_send_date"}', x: sender.entry.id });
    expect(sender.socket.sent).toEqual([]);
    expect(viewer.socket.sent).toEqual(['{"type":"common_send_date"}']);
  });
});
