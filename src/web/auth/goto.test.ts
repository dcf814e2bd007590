import { describe, expect, it } from 'vitest';
import { isAuthPage, loginPathFor, sanitizeGoto } from './goto';

describe('sanitizeGoto', () => {
  it.each([
    ['/', '/'],
    ['/members', '/members'],
    ['/members?page=2#top', '/members?page=2#top'],
    ['/members/12/edit', '/members/12/edit'],
    ['/config/fields/../groups', '/config/groups'],
    ['/jäsenet', '/j%C3%A4senet'],
  ])('keeps the same-origin path %s', (goto, expected) => {
    expect(sanitizeGoto(goto)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['members'],
    ['//evil.example/x'],
    ['/\\evil.example'],
    ['/foo\\bar'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
    ['/\tevil'],
    ['\n/members'],
  ])('replaces the unsafe %j with the root', (goto) => {
    expect(sanitizeGoto(goto)).toBe('/');
  });

  it('never returns to the login or logout page', () => {
    expect(sanitizeGoto('/@login')).toBe('/');
    expect(sanitizeGoto('/@login?GOTO=%2Fmembers')).toBe('/');
    expect(sanitizeGoto('/@logout')).toBe('/');
  });
});

describe('loginPathFor', () => {
  it('encodes the current path as GOTO', () => {
    expect(loginPathFor('/')).toBe('/@login?GOTO=%2F');
    expect(loginPathFor('/members?page=2')).toBe('/@login?GOTO=%2Fmembers%3Fpage%3D2');
  });

  it('does not nest login pages', () => {
    expect(loginPathFor('/@login?GOTO=%2Fmembers')).toBe('/@login?GOTO=%2F');
  });
});

describe('isAuthPage', () => {
  it('recognises the session pages only', () => {
    expect(isAuthPage('/@login')).toBe(true);
    expect(isAuthPage('/@logout')).toBe(true);
    expect(isAuthPage('/@reset')).toBe(true);
    expect(isAuthPage('/@reset/abcDEF_123')).toBe(true);
    expect(isAuthPage('/@loginx')).toBe(false);
    expect(isAuthPage('/members')).toBe(false);
  });
});
