import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGridSocketMachine, type GridSocketTimers } from './grid-socket-machine.ts';

function setup(timers?: GridSocketTimers) {
  const log: string[] = [];
  const machine = createGridSocketMachine(
    {
      connect: () => log.push('connect'),
      sendHeartbeat: () => log.push('heartbeat'),
      disconnect: () => log.push('disconnect'),
    },
    timers,
  );
  /** The effects since the last call. */
  const take = () => log.splice(0);
  return { machine, take };
}

describe('grid socket machine (spec §4, §9: heartbeat 10 s, reply timeout 6 s, reconnect 5 s)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('connects on start and sends a heartbeat as soon as the socket opens', () => {
    const { machine, take } = setup();
    machine.start();
    expect(take()).toEqual(['connect']);
    expect(machine.state).toBe('connecting');
    machine.opened();
    expect(take()).toEqual(['heartbeat']);
    expect(machine.state).toBe('open');
  });

  it('after a reply the next heartbeat goes 10 s later, not earlier', () => {
    const { machine, take } = setup();
    machine.start();
    machine.opened();
    take();
    vi.advanceTimersByTime(2000);
    machine.replied();
    vi.advanceTimersByTime(9999);
    expect(take()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(take()).toEqual(['heartbeat']);
    // And so on, each reply restarting the 10 s.
    machine.replied();
    vi.advanceTimersByTime(10_000);
    expect(take()).toEqual(['heartbeat']);
  });

  it('a heartbeat without a reply within 6 s lets the socket go and reconnects at once', () => {
    const { machine, take } = setup();
    machine.start();
    machine.opened();
    take();
    vi.advanceTimersByTime(5999);
    expect(take()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(take()).toEqual(['disconnect', 'connect']);
    expect(machine.state).toBe('connecting');
  });

  it('a later heartbeat without a reply also reconnects 6 s after it was sent', () => {
    const { machine, take } = setup();
    machine.start();
    machine.opened();
    machine.replied();
    take();
    vi.advanceTimersByTime(10_000);
    expect(take()).toEqual(['heartbeat']);
    vi.advanceTimersByTime(6000);
    expect(take()).toEqual(['disconnect', 'connect']);
  });

  it('a reply in time stops the reply deadline', () => {
    const { machine, take } = setup();
    machine.start();
    machine.opened();
    take();
    vi.advanceTimersByTime(5000);
    machine.replied();
    vi.advanceTimersByTime(9000);
    expect(take()).toEqual([]);
    expect(machine.state).toBe('open');
  });

  it('an error or a close reconnects after 5 s, and an error followed by its close counts once', () => {
    const { machine, take } = setup();
    machine.start();
    machine.opened();
    take();
    machine.failed();
    machine.failed();
    expect(take()).toEqual(['disconnect']);
    expect(machine.state).toBe('waiting');
    // No heartbeat while waiting, even past the heartbeat and reply delays.
    vi.advanceTimersByTime(4999);
    expect(take()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(take()).toEqual(['connect']);
    expect(machine.state).toBe('connecting');
  });

  it('an attempt that fails before opening also waits 5 s, then tries again', () => {
    const { machine, take } = setup();
    machine.start();
    take();
    machine.failed();
    vi.advanceTimersByTime(5000);
    expect(take()).toEqual(['disconnect', 'connect']);
    machine.opened();
    expect(take()).toEqual(['heartbeat']);
  });

  it('replies and opens out of turn are ignored', () => {
    const { machine, take } = setup();
    machine.replied();
    machine.opened();
    expect(take()).toEqual([]);
    machine.start();
    machine.start();
    expect(take()).toEqual(['connect']);
    machine.replied();
    vi.advanceTimersByTime(60_000);
    expect(take()).toEqual([]);
  });

  it('stop lets the socket go and cancels every timer', () => {
    const { machine, take } = setup();
    machine.start();
    machine.opened();
    take();
    machine.stop();
    expect(take()).toEqual(['disconnect']);
    vi.advanceTimersByTime(60_000);
    machine.failed();
    machine.start();
    vi.advanceTimersByTime(60_000);
    expect(take()).toEqual([]);
    expect(machine.state).toBe('stopped');
  });

  it('stop while waiting to reconnect cancels the reconnect', () => {
    const { machine, take } = setup();
    machine.start();
    machine.failed();
    take();
    machine.stop();
    vi.advanceTimersByTime(60_000);
    expect(take()).toEqual([]);
  });

  it('uses the timers it is given', () => {
    const pending: { callback: () => void; ms: number }[] = [];
    const timers: GridSocketTimers = {
      setTimeout: (callback, ms) => pending.push({ callback, ms }),
      clearTimeout: () => undefined,
    };
    const { machine } = setup(timers);
    machine.start();
    machine.opened();
    expect(pending.map((p) => p.ms)).toEqual([6000]);
    machine.replied();
    expect(pending.map((p) => p.ms)).toEqual([6000, 10_000]);
    machine.failed();
    expect(pending.map((p) => p.ms)).toEqual([6000, 10_000, 5000]);
  });
});
