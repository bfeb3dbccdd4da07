import { Link, useLocation } from 'react-router';
import { usePageTitle } from '../ui/primitives';

export function NotFoundScreen() {
  usePageTitle('Page not found');
  const location = useLocation();
  return (
    <div className="not-found">
      <div className="code">404</div>
      <h1>Oops! Page not found</h1>
      <p className="muted">
        There is nothing at <code>{location.pathname}</code>.
      </p>
      <Link to="/" className="btn btn-primary">
        Return to Home
      </Link>
    </div>
  );
}
