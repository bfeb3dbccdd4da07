import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { firstName, normaliseTier } from '@cinegrade/contract';
import { useAuth } from '../auth/AuthProvider';
import { handleError } from '../ui/handle-error';
import { toast } from '../ui/toast-store';

/** The signed-in user menu: first name and email, then `items`, then its entries, ending with Sign Out. */
export function UserMenu({ items }: { items?: ReactNode }) {
  const { user, profile, subscription, signOut } = useAuth();
  const navigate = useNavigate();
  if (!user) return null;
  const name = firstName(profile?.full_name ?? user.user_metadata.full_name, user.email);
  const tier = subscription.subscription_tier ?? normaliseTier(profile?.subscription_tier);
  const go = (path: string) => () => void navigate(path);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="user-trigger" aria-label="User menu">
        <span className="avatar" aria-hidden>
          {name.charAt(0).toUpperCase()}
        </span>
        <span className="user-name">{name}</span>
        <span aria-hidden className="faint user-caret">
          ▾
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu-content" align="end" sideOffset={6}>
          <DropdownMenu.Label className="menu-label">
            <div style={{ fontWeight: 600 }}>{name}</div>
            <div className="muted small">{user.email}</div>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="menu-separator" />
          {items}
          <DropdownMenu.Item className="menu-item" onSelect={go('/')}>Dashboard</DropdownMenu.Item>
          <DropdownMenu.Item className="menu-item" onSelect={go('/profile')}>Profile</DropdownMenu.Item>
          <DropdownMenu.Item className="menu-item" onSelect={go('/subscriptions')}>
            Subscription: {tier}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="menu-separator" />
          <DropdownMenu.Item className="menu-item" onSelect={go('/help-support')}>Help &amp; Support</DropdownMenu.Item>
          <DropdownMenu.Item className="menu-item" onSelect={go('/tutorials-learning')}>Tutorials &amp; Learning</DropdownMenu.Item>
          <DropdownMenu.Item className="menu-item" onSelect={go('/tools-resources')}>Tools &amp; Resources</DropdownMenu.Item>
          <DropdownMenu.Item className="menu-item" onSelect={go('/color-correction-grading')}>Color Correction &amp; Grading</DropdownMenu.Item>
          <DropdownMenu.Item className="menu-item" onSelect={go('/settings')}>Settings</DropdownMenu.Item>
          <DropdownMenu.Separator className="menu-separator" />
          <DropdownMenu.Item
            className="menu-item"
            onSelect={() => {
              signOut()
                .then(() => {
                  toast({ title: 'Signed out', description: 'See you next time.' });
                  void navigate('/');
                })
                .catch((error: unknown) => handleError(error));
            }}
          >
            Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
