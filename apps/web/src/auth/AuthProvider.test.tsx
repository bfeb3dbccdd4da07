import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAuth } from './AuthProvider';

function NeedsAuth() {
  useAuth();
  return null;
}

describe('useAuth', () => {
  it('refuses to work outside its provider, with the product message', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<NeedsAuth />)).toThrow('useAuth must be used within an AuthProvider');
    quiet.mockRestore();
  });
});
