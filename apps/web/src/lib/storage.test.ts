import { describe, expect, it } from 'vitest';
import { createTtlStorage } from './storage.ts';

function fixture() {
  let now = 1_000_000;
  const backend = window.localStorage;
  backend.clear();
  const store = createTtlStorage(backend, () => now);
  return { store, backend, advance: (ms: number) => (now += ms) };
}

describe('storage with a lifetime', () => {
  it('returns a value until its lifetime ends, then nothing and removes it', () => {
    const { store, backend, advance } = fixture();
    store.set('token', 'abc', 604_800_000);
    advance(604_800_000 - 1);
    expect(store.get('token')).toBe('abc');
    advance(1);
    expect(store.get('token')).toBeNull();
    expect(backend.length).toBe(0);
  });

  it('keeps a value without lifetime forever', () => {
    const { store, advance } = fixture();
    store.set('tenant', 7);
    advance(10 * 604_800_000);
    expect(store.get('tenant')).toBe(7);
  });

  it('round-trips objects and forgets removed keys', () => {
    const { store } = fixture();
    store.set('user', { id: '1', realname: '管理员' }, 1000);
    expect(store.get('user')).toEqual({ id: '1', realname: '管理员' });
    store.remove('user');
    expect(store.get('user')).toBeNull();
  });

  it('treats an unreadable entry as absent', () => {
    const { store, backend } = fixture();
    backend.setItem('houtai:broken', '{not json');
    expect(store.get('broken')).toBeNull();
    expect(backend.getItem('houtai:broken')).toBeNull();
  });
});
