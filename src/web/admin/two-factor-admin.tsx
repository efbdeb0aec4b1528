import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App as AntApp, Button, Checkbox, Form, Popconfirm, Tooltip } from 'antd';
import { ROLES } from '../../shared/modules.js';
import type { TwoFactorPolicy } from '../../shared/schemas/two-factor.js';
import type { User } from '../../shared/schemas/user.js';
import { api } from '../api/client.js';
import { errorText } from './error-text.js';
import { FormDialog } from './form-dialog.js';
import { useSession } from './session-context.js';

/** An administrator turns a user's two-factor sign-in off (a lost phone); the list shows the change. */
export function TwoFactorResetButton({ user }: { user: User }) {
  const { t } = useTranslation('admin');
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const { user: me } = useSession();
  if (!user.twoFactorEnabled) return null;
  // One's own is turned off with a code or the password (the server refuses a reset of it).
  if (user.id === me.id) {
    return (
      <Tooltip title={t('twoFactor.resetOwnHint')}>
        <Button size="small" disabled>
          {t('twoFactor.reset')}
        </Button>
      </Tooltip>
    );
  }
  const reset = async () => {
    try {
      await api(`User/${user.id}/TwoFactor/Reset`, { body: {} });
      message.success(t('twoFactor.resetDone', { name: user.userName }));
      await queryClient.invalidateQueries({ queryKey: ['User'] });
    } catch (error) {
      message.error(errorText(error, t));
    }
  };
  return (
    <Popconfirm
      title={t('twoFactor.reset')}
      description={t('twoFactor.resetConfirm', { name: user.userName })}
      onConfirm={reset}
      okText={t('twoFactor.reset')}
      cancelText={t('common.cancel')}
    >
      <Button size="small">{t('twoFactor.reset')}</Button>
    </Popconfirm>
  );
}

const POLICY_KEY = ['User', 'TwoFactorPolicy'];

/** Which roles must use two-factor sign-in: a button over the users list and its dialog. */
export function TwoFactorPolicyButton() {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('twoFactor.policy')}</Button>
      {open && <TwoFactorPolicyDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function TwoFactorPolicyDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TwoFactorPolicy>();
  const [saving, setSaving] = useState(false);
  const { data, error } = useQuery({ queryKey: POLICY_KEY, queryFn: () => api<TwoFactorPolicy>('User/TwoFactorPolicy', { method: 'GET' }) });
  const save = async () => {
    setSaving(true);
    try {
      const saved = await api<TwoFactorPolicy>('User/TwoFactorPolicy', { body: { requiredRoles: form.getFieldValue('requiredRoles') ?? [] } });
      queryClient.setQueryData(POLICY_KEY, saved);
      message.success(t('twoFactor.policySaved'));
      onClose();
    } catch (error) {
      message.error(errorText(error, t));
    } finally {
      setSaving(false);
    }
  };
  return (
    // Saved as a whole: before the requirement is read, a save would send no roles and clear it.
    <FormDialog title={t('twoFactor.policy')} saving={saving} saveDisabled={!data} onSave={() => void save()} onClose={onClose}>
      {error && <Alert type="error" showIcon message={t('shell.loadFailed', { message: errorText(error, t) })} />}
      {data && (
        <Form form={form} layout="vertical" initialValues={data}>
          <Form.Item name="requiredRoles" label={t('twoFactor.policyHint')}>
            <Checkbox.Group options={ROLES.map((role) => ({ value: role, label: t(`users.roleNames.${role}`) }))} />
          </Form.Item>
        </Form>
      )}
    </FormDialog>
  );
}
