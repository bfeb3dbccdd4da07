import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import PrivacyPolicyPage from './PrivacyPolicyPage';
import TermsOfServicePage from './TermsOfServicePage';

function renderPage(page: ReactNode) {
  return render(<MemoryRouter>{page}</MemoryRouter>);
}

function sectionHeadings(): string[] {
  return screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent ?? '');
}

describe('PrivacyPolicyPage', () => {
  it('has its sections, a back link and a link to Help & Support', () => {
    renderPage(<PrivacyPolicyPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Home/ }).getAttribute('href')).toBe('/');
    expect(sectionHeadings()).toEqual(['Information We Collect', 'How We Use Your Information', 'Data Security', 'Contact Us']);
    const collect = screen.getByRole('region', { name: 'Information We Collect' });
    for (const label of ['Account creation', 'Uploaded media files', 'Support contact']) expect(within(collect).getByText(`${label}:`)).toBeTruthy();
    const contact = screen.getByRole('region', { name: 'Contact Us' });
    expect(within(contact).getByRole('link', { name: 'Help & Support' }).getAttribute('href')).toBe('/help-support');
  });

  it('states how passwords, files and payments are really handled', () => {
    renderPage(<PrivacyPolicyPage />);
    const security = screen.getByRole('region', { name: 'Data Security' }).textContent ?? '';
    expect(security).toContain('argon2id');
    expect(security).toContain('short-lived signed links');
    expect(security).toContain('every export made from it');
    expect(security).toContain('never touch our servers');
  });
});

describe('TermsOfServicePage', () => {
  it('has its sections with the licence and ownership terms', () => {
    renderPage(<TermsOfServicePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Home/ }).getAttribute('href')).toBe('/');
    const headings = sectionHeadings();
    for (const heading of ['Acceptance of Terms', 'Use License', 'User Content', 'Service Availability', 'Contact Information']) expect(headings).toContain(heading);
    expect(screen.getByRole('region', { name: 'Use License' }).textContent).toContain('a licence, not a transfer of title');
    expect(screen.getByRole('region', { name: 'User Content' }).textContent).toContain('You keep full ownership');
    expect(screen.getByRole('region', { name: 'Service Availability' }).textContent).toContain('do not guarantee uninterrupted access');
    const contact = screen.getByRole('region', { name: 'Contact Information' });
    expect(within(contact).getByRole('link', { name: 'Help & Support' }).getAttribute('href')).toBe('/help-support');
  });
});
