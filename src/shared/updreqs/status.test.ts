import { describe, expect, it } from 'vitest';
import { countInstances, emptyInstanceCounts, instanceStatus, responseRate, updreqVersion } from './status';

const none = { opened: false, outcome: null };

describe('instanceStatus', () => {
  it('keeps the statuses before sending as they are, link or not', () => {
    expect(instanceStatus('held', null)).toBe('held');
    expect(instanceStatus('queued', null)).toBe('queued');
    expect(instanceStatus('sending', none)).toBe('sending');
    expect(instanceStatus('cancelled', null)).toBe('cancelled');
  });
  it('sent is pending until the link is used', () => {
    expect(instanceStatus('sent', null)).toBe('pending');
    expect(instanceStatus('sent', none)).toBe('pending');
  });
  it('an opened link or the web view is read', () => {
    expect(instanceStatus('sent', { opened: true, outcome: null })).toBe('read');
    expect(instanceStatus('read', none)).toBe('read');
    expect(instanceStatus('unknown', { opened: true, outcome: null })).toBe('read');
    expect(instanceStatus('bounced', { opened: true, outcome: null })).toBe('read');
  });
  it('the outcome wins: updated, then confirmed (the link or the delivery)', () => {
    expect(instanceStatus('read', { opened: true, outcome: 'updated' })).toBe('updated');
    expect(instanceStatus('sent', { opened: true, outcome: 'confirmed' })).toBe('confirmed');
    expect(instanceStatus('confirmed', none)).toBe('confirmed');
    expect(instanceStatus('confirmed', { opened: true, outcome: 'updated' })).toBe('updated');
  });
  it('bounced and unknown stay when the link was never used', () => {
    expect(instanceStatus('bounced', null)).toBe('bounced');
    expect(instanceStatus('unknown', none)).toBe('unknown');
  });
});

describe('countInstances and responseRate', () => {
  it('counts every status, 0 when none', () => {
    const c = countInstances([]);
    expect(c).toEqual(emptyInstanceCounts());
    expect(Object.keys(c)).toHaveLength(10);
    expect(responseRate(c)).toBe(0);
  });
  it('sums groups into their statuses and rates answers per instances that left', () => {
    const c = countInstances([
      { delivery: 'sent', link: none, n: 3 },
      { delivery: 'sent', link: { opened: true, outcome: 'updated' }, n: 1 },
      { delivery: 'read', link: { opened: true, outcome: 'confirmed' }, n: 1 },
      { delivery: 'bounced', link: null, n: 1 },
      { delivery: 'queued', link: null, n: 4 },
      { delivery: 'cancelled', link: null, n: 2 },
    ]);
    expect(c).toMatchObject({ pending: 3, updated: 1, confirmed: 1, bounced: 1, queued: 4, cancelled: 2, read: 0 });
    // 2 answered of 6 that left = 33.3 %
    expect(responseRate(c)).toBe(33.3);
  });
  it('is 0 while nothing has left', () => {
    expect(responseRate(countInstances([{ delivery: 'held', link: null, n: 5 }]))).toBe(0);
  });
  it('100 when everyone answered', () => {
    expect(responseRate(countInstances([{ delivery: 'sent', link: { opened: true, outcome: 'updated' }, n: 2 }]))).toBe(100);
  });
});

describe('updreqVersion', () => {
  it('is 2 from UPDREQ_V2_FROM on and for unsent requests, 1 before', () => {
    expect(updreqVersion(null)).toBe(2);
    expect(updreqVersion('2026-11-24T10:00:00.000Z')).toBe(2);
    expect(updreqVersion('2021-06-02T00:00:00.000Z')).toBe(2);
    expect(updreqVersion('2020-01-01T00:00:00.000Z')).toBe(1);
  });
});
