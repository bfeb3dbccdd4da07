import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import { BrandMark } from '../ui/BrandMark';
import { UserMenu } from './UserMenu';

/**
 * Signed out: the brand and a Sign In button, no tools (docs/product-rules.md, 'Tiers').
 * Signed in: the workspace tools passed in by the screen, 'Welcome back!' and the user menu, which
 * starts with `menuItems` (tools that have no room in the bar on smaller screens).
 */
export function Header({ tools, menuItems }: { tools?: ReactNode; menuItems?: ReactNode }) {
  const { user, loading } = useAuth();
  return (
    <header className="header">
      <Link to="/" className="brand" aria-label="Cinegrade home">
        <BrandMark />
        <span className="brand-name">Cinegrade</span>
      </Link>
      <span className="spacer" />
      {!loading && user && (
        <>
          {tools}
          <span className="header-welcome">Welcome back!</span>
          <UserMenu items={menuItems} />
        </>
      )}
      {!loading && !user && (
        <Link to="/auth" className="btn btn-primary">
          Sign In
        </Link>
      )}
    </header>
  );
}
