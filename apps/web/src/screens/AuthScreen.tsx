import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { API, SignInRequest, SignUpRequest } from '@cinegrade/contract';
import { ApiError, callApi } from '../api/client';
import { useAuth } from '../auth/AuthProvider';
import { handleError } from '../ui/handle-error';
import { Spinner, usePageTitle } from '../ui/primitives';
import { toast } from '../ui/toast-store';

type Mode = 'sign-in' | 'sign-up';

/** /auth: sign in or create an account (docs/product-rules.md, 'Validation', 'Messages'). Signed-in users go to /. */
export function AuthScreen() {
  const { user, loading, signIn, signUp } = useAuth();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // `/auth?mode=signup` (the trial banner's Sign Up) opens the sign-up form; anything else signs in.
  const [mode, setMode] = useState<Mode>(() => (params.get('mode') === 'signup' ? 'sign-up' : 'sign-in'));
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  // Set when sign-in answers that the account is locked for devices it does not know.
  const [locked, setLocked] = useState(false);
  usePageTitle(mode === 'sign-in' ? 'Sign In' : 'Create Account');

  // The verification link lands here with ?verified=1 (or 0 when the link was bad).
  const verified = params.get('verified');
  useEffect(() => {
    if (verified === null) return;
    if (verified === '1') toast({ title: 'Email verified', description: 'Your email is confirmed. Sign in to start grading.', variant: 'success' });
    else toast({ title: 'Verification failed', description: 'This link is invalid or has expired. Sign in to get a new one.', variant: 'destructive' });
    setParams({}, { replace: true });
  }, [verified, setParams]);

  // The unlock link lands here with ?unlocked=1 (this device may now sign in) or 0 (a bad or old link).
  const unlocked = params.get('unlocked');
  useEffect(() => {
    if (unlocked === null) return;
    if (unlocked === '1') toast({ title: 'This device can sign in', description: 'Sign in with your password to continue.', variant: 'success' });
    else toast({ title: 'Unlock link not valid', description: 'This link is invalid or has expired. Ask for a new one from the sign-in form.', variant: 'destructive' });
    setParams({}, { replace: true });
  }, [unlocked, setParams]);

  const requestUnlockLink = async () => {
    setBusy(true);
    try {
      const { message } = await callApi(API.requestUnlockLink, { body: { email } });
      toast({ title: 'Check your email', description: message, variant: 'success' });
    } catch (error) {
      handleError(error);
    } finally {
      setBusy(false);
    }
  };

  if (loading) return <Spinner />;
  if (user) return <Navigate to="/" replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    const parsed = mode === 'sign-up' ? SignUpRequest.safeParse({ fullName, email, password }) : SignInRequest.safeParse({ email, password });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const message = issue?.message ?? 'Please check the form';
      setFieldError({ field: String(issue?.path[0] ?? ''), message });
      toast({ title: message, variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      if (mode === 'sign-up') {
        await signUp(parsed.data as SignUpRequest);
        toast({ title: 'Success!', description: 'Please check your email to verify your account', variant: 'success' });
        setMode('sign-in');
        setPassword('');
      } else {
        await signIn(parsed.data);
        toast({ title: 'Welcome back!', description: 'Successfully signed in', variant: 'success' });
        void navigate('/', { replace: true });
      }
    } catch (error) {
      if (error instanceof ApiError && error.field) setFieldError({ field: error.field, message: error.message });
      if (error instanceof ApiError && error.code === 'account_locked') setLocked(true);
      handleError(error);
    } finally {
      setBusy(false);
    }
  };

  const errorFor = (field: string) =>
    fieldError?.field === field ? (
      <span className="field-error" id={`${field}-error`}>
        {fieldError.message}
      </span>
    ) : null;

  return (
    <div className="auth-wrap">
      <div className="card auth-card">
        <h1 style={{ fontSize: '1.4rem' }}>{mode === 'sign-in' ? 'Welcome back' : 'Create your account'}</h1>
        <p className="muted">
          {mode === 'sign-in' ? 'Sign in to keep grading your saved assets.' : 'Keep your uploads and grades, and export your work.'}
        </p>
        <div className="auth-toggle" role="group" aria-label="Sign in or sign up">
          <button type="button" aria-pressed={mode === 'sign-in'} onClick={() => setMode('sign-in')}>
            Sign In
          </button>
          <button type="button" aria-pressed={mode === 'sign-up'} onClick={() => setMode('sign-up')}>
            Sign Up
          </button>
        </div>
        <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
          {mode === 'sign-up' && (
            <div className="field">
              <label className="label" htmlFor="fullName">
                Full Name
              </label>
              <input id="fullName" className="input" autoComplete="name" value={fullName} onChange={(e) => setFullName(e.target.value)} placeholder="Your full name" />
              {errorFor('fullName')}
            </div>
          )}
          <div className="field">
            <label className="label" htmlFor="email">
              Email
            </label>
            <input id="email" className="input" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} placeholder="you@example.com" />
            {errorFor('email')}
          </div>
          <div className="field">
            <label className="label" htmlFor="password">
              Password
            </label>
            <div className="input-group">
              <input
                id="password"
                className="input"
                type={showPassword ? 'text' : 'password'}
                autoComplete={mode === 'sign-in' ? 'current-password' : 'new-password'}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                placeholder={mode === 'sign-up' ? 'At least 6 characters' : 'Your password'}
              />
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => setShowPassword((v) => !v)} aria-label={showPassword ? 'Hide password' : 'Show password'}>
                {showPassword ? 'Hide' : 'Show'}
              </button>
            </div>
            {errorFor('password')}
          </div>
          <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={busy}>
            {busy ? 'Please wait…' : mode === 'sign-in' ? 'Sign In' : 'Create Account'}
          </button>
        </form>
        {locked && mode === 'sign-in' && (
          <div className="stack" role="region" aria-label="Account locked for new devices">
            <p className="muted">
              This account has had many wrong passwords from other places, so devices it does not know must wait. We can email you a link that lets this
              device sign in now.
            </p>
            <button type="button" className="btn btn-block" disabled={busy} onClick={() => void requestUnlockLink()}>
              Email me a sign-in link for this device
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
