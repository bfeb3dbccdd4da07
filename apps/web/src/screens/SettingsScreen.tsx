import { useEffect } from 'react';
import {
  DATA_RETENTION_OPTIONS,
  DEFAULT_FORMAT_OPTIONS,
  EXPORT_QUALITY_PREFERENCES,
  type UpdateSettingsRequest,
  type UserSettings,
} from '@cinegrade/contract';
import { useUpdateSettings, useUserSettings } from '../settings/settings-queries';
import { handleError } from '../ui/handle-error';
import { PageLayout, Select, Spinner, Switch } from '../ui/primitives';

type BooleanKey = { [K in keyof UserSettings]: UserSettings[K] extends boolean ? K : never }[keyof UserSettings];

const RETENTION_LABELS: Record<(typeof DATA_RETENTION_OPTIONS)[number], string> = { '7': '7 days', '30': '30 days', '90': '90 days', forever: 'Forever' };
const QUALITY_LABELS: Record<(typeof EXPORT_QUALITY_PREFERENCES)[number], string> = { low: 'Low', medium: 'Medium', high: 'High', ultra: 'Ultra' };

/** /settings: every option with its default (docs/product-rules.md, 'Settings'), saved per user as it changes. */
export function SettingsScreen() {
  const { data: settings, error } = useUserSettings();
  const update = useUpdateSettings();
  // Read here and by the export menu, which falls back to the defaults quietly: only this page says so.
  useEffect(() => {
    if (error) handleError(error, 'Error', 'Failed to load settings');
  }, [error]);
  const save = (change: UpdateSettingsRequest) => update.mutate(change);

  const toggle = (key: BooleanKey, label: string, description: string) =>
    settings && (
      <div className="switch-row">
        <div>
          <label htmlFor={key} style={{ fontWeight: 500 }}>
            {label}
          </label>
          <div className="muted small">{description}</div>
        </div>
        <Switch id={key} label={label} checked={settings[key]} onCheckedChange={(checked) => save({ [key]: checked })} />
      </div>
    );

  return (
    <PageLayout title="Settings" backTo="/" backLabel="Back to Dashboard" narrow subtitle="Changes are saved to your account as you make them.">
      {!settings ? (
        <Spinner label="Loading settings..." />
      ) : (
        <div className="stack" style={{ gap: 16 }}>
          <section className="card" aria-labelledby="notifications">
            <h2 id="notifications">Notifications</h2>
            {toggle('emailNotifications', 'Email notifications', 'Account and product emails.')}
            {toggle('processingComplete', 'Processing complete', 'Tell me when an export or batch finishes.')}
            {toggle('weeklyTips', 'Weekly tips', 'One short colour grading tip a week.')}
          </section>
          <section className="card" aria-labelledby="privacy">
            <h2 id="privacy">Privacy</h2>
            <div className="switch-row">
              <div>
                <label htmlFor="dataRetention" style={{ fontWeight: 500 }}>
                  Data retention
                </label>
                <div className="muted small">How long processed exports are kept.</div>
              </div>
              <Select
                id="dataRetention"
                label="Data retention"
                value={settings.dataRetention}
                options={DATA_RETENTION_OPTIONS.map((value) => ({ value, label: RETENTION_LABELS[value] }))}
                onValueChange={(value) => save({ dataRetention: value })}
              />
            </div>
          </section>
          <section className="card" aria-labelledby="preferences">
            <h2 id="preferences">Preferences</h2>
            {toggle('autoSave', 'Auto-save', 'Save looks and slider changes to the open asset as you work.')}
            {toggle('showAdvancedControls', 'Show advanced controls', 'Scopes, compare and camera log input in the editor.')}
          </section>
          <section className="card" aria-labelledby="export">
            <h2 id="export">Export settings</h2>
            <div className="switch-row">
              <div>
                <label htmlFor="defaultExportQuality" style={{ fontWeight: 500 }}>
                  Default export quality
                </label>
                <div className="muted small">Preselected in the export menu, within your plan&apos;s limits.</div>
              </div>
              <Select
                id="defaultExportQuality"
                label="Default export quality"
                value={settings.defaultExportQuality}
                options={EXPORT_QUALITY_PREFERENCES.map((value) => ({ value, label: QUALITY_LABELS[value] }))}
                onValueChange={(value) => save({ defaultExportQuality: value })}
              />
            </div>
            <div className="switch-row">
              <div>
                <label htmlFor="defaultFormat" style={{ fontWeight: 500 }}>
                  Default format
                </label>
                <div className="muted small">Preselected in the export menu.</div>
              </div>
              <Select
                id="defaultFormat"
                label="Default format"
                value={settings.defaultFormat}
                options={DEFAULT_FORMAT_OPTIONS.map((value) => ({ value, label: value.toUpperCase() }))}
                onValueChange={(value) => save({ defaultFormat: value })}
              />
            </div>
            {toggle('watermark', 'Watermark', 'Add a small Cinegrade mark to exports.')}
          </section>
        </div>
      )}
    </PageLayout>
  );
}
