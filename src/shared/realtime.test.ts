import { describe, expect, it } from 'vitest';
import { badgeText, isStopCode, parseRealtimeEvent, reconnectDelayMs, WS_CLOSE } from './realtime';

describe('real-time client rules', () => {
  it('backs off from 1 s, doubling, capped at 30 s, with 0.8–1.2 jitter', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((a) => reconnectDelayMs(a, () => 0.5))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(reconnectDelayMs(0, () => 0)).toBe(800);
    expect(reconnectDelayMs(0, () => 1)).toBe(1200);
    expect(reconnectDelayMs(9, () => 1)).toBe(36000);
  });
  it('stops on token and session close codes only', () => {
    expect(isStopCode(WS_CLOSE.expiredToken)).toBe(true);
    expect(isStopCode(WS_CLOSE.invalidToken)).toBe(true);
    expect(isStopCode(WS_CLOSE.revoked)).toBe(true);
    expect(isStopCode(1006)).toBe(false);
    // An instance stopping (SIGTERM) closes with 1001: the client reconnects, to another instance.
    expect(isStopCode(WS_CLOSE.goingAway)).toBe(false);
    expect(WS_CLOSE.goingAway).toBe(1001);
  });
  it("shows '99+' above 99", () => {
    expect([0, 1, 99, 100, 5000].map(badgeText)).toEqual(['', '1', '99', '99+', '99+']);
  });
  it('parses only known events', () => {
    expect(
      parseRealtimeEvent('{"type":"credits_update","payload":{"conversationId":1,"userId":2,"credits":1}}')?.type,
    ).toBe('credits_update');
    expect(parseRealtimeEvent('{"type":"evil","payload":{}}')).toBeNull();
    expect(parseRealtimeEvent('nope')).toBeNull();
  });
});
