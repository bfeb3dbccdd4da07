import { Link } from 'react-router';
import { useTrialFile } from './trial-file-context';

/**
 * For signed-out visitors trying a temporary file: says honestly whether the file outlives a
 * reload (docs/product-rules.md, 'Temporary file'), and 'Sign Up' opens the sign-up form.
 */
export function SignUpBanner() {
  const { keeping } = useTrialFile();
  return (
    <div className="signup-banner" role="note">
      <span>
        You are trying Cinegrade with a temporary file. Sign up to keep it, save your grade and export.
        {keeping === 'browser' && ' This browser keeps it for a day, through a reload.'}
        {keeping === 'memory' && ' This browser could not store it, so reloading the page will lose it.'}
      </span>
      <Link to="/auth?mode=signup" className="btn btn-sm btn-primary">
        Sign Up
      </Link>
    </div>
  );
}
