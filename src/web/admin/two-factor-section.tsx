import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App as AntApp, Button, Card, Form, Input, QRCode, Space, Typography } from 'antd';
import { ErrorCode } from '../../shared/api.js';
import { twoFactorCodeSchema } from '../../shared/schemas/two-factor.js';
import type { TwoFactorEnrolment } from '../../shared/schemas/two-factor.js';
import type { CurrentUser } from '../../shared/schemas/user.js';
import { ApiError, api } from '../api/client.js';
import { saveUser } from '../api/session.js';
import { errorText } from './error-text.js';
import { useSession } from './session-context.js';
import { zodRule } from './zod-rule.js';

interface TwoFactorState {
  enabled: boolean;
  required: boolean;
  recoveryCodesLeft: number;
}

const STATE_KEY = ['security', 'TwoFactor'];

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A refused code or password in the current language (the server names the field, in English). */
function refusalText(error: unknown, t: Translate): string {
  if (error instanceof ApiError && error.errorCode === ErrorCode.validation) {
    const field = error.issues[0]?.path;
    if (field === 'code') return t('twoFactor.wrongCode');
    if (field === 'password') return t('twoFactor.wrongPassword');
  }
  return errorText(error, t);
}

/**
 * "Two-step verification" in My account (docs/decisions/0039): turn it on (QR code drawn here, in
 * the browser, never by a third party; the key as text for typing in), see the recovery codes once,
 * turn it off with a code or the password.
 */
export function TwoFactorSection() {
  const { t } = useTranslation('admin');
  const { user, setUser } = useSession();
  const queryClient = useQueryClient();
  const { data: state } = useQuery({ queryKey: STATE_KEY, queryFn: () => api<TwoFactorState>('security/TwoFactor', { method: 'GET' }) });
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [disabling, setDisabling] = useState(false);
  const { message } = AntApp.useApp();

  const changed = (enabled: boolean) => {
    const next: CurrentUser = { ...user, twoFactorEnabled: enabled, twoFactorSetupRequired: enabled ? false : user.twoFactorSetupRequired };
    saveUser(next);
    setUser(next);
    void queryClient.invalidateQueries({ queryKey: STATE_KEY });
  };

  const start = async () => {
    try {
      setEnrolment(await api<TwoFactorEnrolment>('security/TwoFactor/Enrol', { body: {} }));
    } catch (error) {
      message.error(errorText(error, t));
    }
  };

  return (
    <Card title={t('twoFactor.section')} className="two-factor-section">
      {(state?.required || user.twoFactorSetupRequired) && !state?.enabled && !recoveryCodes && (
        <Alert type="warning" showIcon title={t('twoFactor.requiredByRole')} style={{ marginBottom: 16 }} />
      )}
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} userName={user.userName} onDone={() => setRecoveryCodes(null)} />
      ) : enrolment ? (
        <Enrol
          enrolment={enrolment}
          onCancel={() => setEnrolment(null)}
          onConfirmed={(codes) => {
            setEnrolment(null);
            setRecoveryCodes(codes);
            message.success(t('twoFactor.enabled'));
            changed(true);
          }}
        />
      ) : state?.enabled ? (
        disabling ? (
          <Disable
            onCancel={() => setDisabling(false)}
            onDisabled={() => {
              setDisabling(false);
              message.success(t('twoFactor.disabled'));
              changed(false);
            }}
          />
        ) : (
          <Space orientation="vertical">
            <Typography.Paragraph>{t('twoFactor.on', { count: state.recoveryCodesLeft })}</Typography.Paragraph>
            <Button onClick={() => setDisabling(true)}>{t('twoFactor.disable')}</Button>
          </Space>
        )
      ) : (
        <Space orientation="vertical">
          <Typography.Paragraph>{t('twoFactor.off')}</Typography.Paragraph>
          <Button type="primary" onClick={() => void start()} disabled={!state}>
            {t('twoFactor.start')}
          </Button>
        </Space>
      )}
    </Card>
  );
}

function Enrol({ enrolment, onCancel, onConfirmed }: { enrolment: TwoFactorEnrolment; onCancel: () => void; onConfirmed: (codes: string[]) => void }) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<{ code: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async ({ code }: { code: string }) => {
    setSaving(true);
    try {
      const { recoveryCodes } = await api<{ recoveryCodes: string[] }>('security/TwoFactor/Confirm', { body: { code } });
      onConfirmed(recoveryCodes);
    } catch (error) {
      form.setFields([{ name: 'code', errors: [refusalText(error, t)] }]);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Space orientation="vertical" size="middle">
      <Typography.Paragraph>{t('twoFactor.scan')}</Typography.Paragraph>
      {/* Drawn in the browser from the otpauth address: the secret never leaves for a QR service. */}
      <QRCode value={enrolment.otpauthUri} type="svg" size={192} bordered aria-label={t('twoFactor.scan')} />
      <Typography.Text>
        {t('twoFactor.secret')}:{' '}
        <Typography.Text code copyable data-testid="two-factor-secret">
          {enrolment.secret}
        </Typography.Text>
      </Typography.Text>
      <Typography.Paragraph>{t('twoFactor.confirmHint')}</Typography.Paragraph>
      <Form form={form} layout="inline" onFinish={(values) => void submit(values)}>
        <Form.Item name="code" label={t('twoFactor.code')} rules={[zodRule(twoFactorCodeSchema.shape.code, t)]}>
          <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('twoFactor.confirm')}
        </Button>
        <Button onClick={onCancel}>{t('twoFactor.cancel')}</Button>
      </Form>
    </Space>
  );
}

function RecoveryCodes({ codes, userName, onDone }: { codes: string[]; userName: string; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `recovery-codes-${userName}.txt`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <Space orientation="vertical" size="middle">
      <Alert type="info" showIcon title={t('twoFactor.recoveryTitle')} description={t('twoFactor.recoveryWarning')} />
      <pre className="two-factor-recovery-codes" data-testid="recovery-codes">
        {text}
      </pre>
      <Space>
        <Typography.Text copyable={{ text, tooltips: [t('twoFactor.copy'), t('twoFactor.copied')] }}>{t('twoFactor.copy')}</Typography.Text>
        <Button onClick={download}>{t('twoFactor.download')}</Button>
        <Button type="primary" onClick={onDone}>
          {t('twoFactor.done')}
        </Button>
      </Space>
    </Space>
  );
}

function Disable({ onCancel, onDisabled }: { onCancel: () => void; onDisabled: () => void }) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<{ code?: string; password?: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async ({ code, password }: { code?: string; password?: string }) => {
    const body = code ? { code } : password ? { password } : null;
    if (!body) {
      form.setFields([{ name: 'code', errors: [t('twoFactor.disableHint')] }]);
      return;
    }
    setSaving(true);
    try {
      await api('security/TwoFactor/Disable', { body });
      onDisabled();
    } catch (error) {
      form.setFields([{ name: code ? 'code' : 'password', errors: [refusalText(error, t)] }]);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
      <Typography.Paragraph>{t('twoFactor.disableHint')}</Typography.Paragraph>
      <Form.Item name="code" label={t('twoFactor.code')}>
        <Input autoComplete="one-time-code" maxLength={40} autoFocus />
      </Form.Item>
      <Form.Item name="password" label={t('twoFactor.password')}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Space>
        <Button danger htmlType="submit" loading={saving}>
          {t('twoFactor.disable')}
        </Button>
        <Button onClick={onCancel}>{t('twoFactor.cancel')}</Button>
      </Space>
    </Form>
  );
}
