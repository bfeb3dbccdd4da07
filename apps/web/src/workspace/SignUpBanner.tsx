import { Link } from 'react-router';

/** For signed-out visitors trying a temporary file. */
export function SignUpBanner() {
  return (
    <div className="signup-banner" role="note">
      <span>You are trying Cinegrade with a temporary file. Sign up to keep it, save your grade and export.</span>
      <Link to="/auth" className="btn btn-sm btn-primary">
        Sign Up
      </Link>
    </div>
  );
}
