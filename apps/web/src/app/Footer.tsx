import { Link } from 'react-router';
import { currentYear } from '../lib/format-date';

export function Footer() {
  return (
    <footer className="footer">
      <span>© {currentYear()} Cinegrade. All rights reserved.</span>
      <nav aria-label="Footer">
        <Link to="/privacy-policy">Privacy Policy</Link>
        <Link to="/terms-of-service">Terms of Service</Link>
        <Link to="/help-support">Contact</Link>
      </nav>
    </footer>
  );
}
