import { describe, expect, it } from 'vitest';
import { SignInRequest, SignUpRequest, firstName } from './auth';

function firstIssue(result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) {
  const issue = result.error?.issues[0];
  return issue ? { field: issue.path.join('.'), message: issue.message } : null;
}

describe('SignUpRequest', () => {
  it('accepts a complete form and normalises the email', () => {
    const parsed = SignUpRequest.parse({ fullName: '  Ada Lovelace ', email: ' Ada@Example.COM ', password: 'analytical' });
    expect(parsed).toEqual({ fullName: 'Ada Lovelace', email: 'ada@example.com', password: 'analytical' });
  });

  it.each([
    [{ fullName: '   ', email: 'a@b.co', password: 'secret1' }, 'fullName', 'Please enter your full name'],
    [{ email: 'a@b.co', password: 'secret1' }, 'fullName', 'Please enter your full name'],
    [{ fullName: 'A', email: 'not-an-email', password: 'secret1' }, 'email', 'Please enter a valid email address'],
    [{ fullName: 'A', email: '', password: 'secret1' }, 'email', 'Please enter your email'],
    [{ fullName: 'A', email: 'a@b.co', password: '12345' }, 'password', 'Password must be at least 6 characters'],
  ])('refuses %j naming %s', (input, field, message) => {
    expect(firstIssue(SignUpRequest.safeParse(input))).toEqual({ field, message });
  });
});

describe('SignInRequest', () => {
  it('requires both email and password', () => {
    expect(firstIssue(SignInRequest.safeParse({ email: 'a@b.co', password: '' }))).toEqual({ field: 'password', message: 'Please enter your password' });
    expect(firstIssue(SignInRequest.safeParse({ password: 'x' }))).toEqual({ field: 'email', message: 'Please enter your email' });
  });
});

describe('firstName', () => {
  it('takes the first word of the full name, else the email local part', () => {
    expect(firstName('Grace Brewster Hopper', 'g@navy.mil')).toBe('Grace');
    expect(firstName(null, 'colourist@example.com')).toBe('colourist');
    expect(firstName('   ', 'x@y.z')).toBe('x');
  });
});
