import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Card, Form, Input, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { containsUserName } from '../../shared/password-policy.js';
import { AUTH_PATHS } from '../../shared/paths.js';
import type { SessionInfo, SessionList } from '../../shared/schemas/account.js';
import { updatePasswordSchema } from '../../shared/schemas/user.js';
import type { CurrentUser } from '../../shared/schemas/user.js';
import { api } from '../api/client.js';
import { clearSession, saveToken, saveUser } from '../api/session.js';
import { errorText } from './error-text.js';
import { useSession } from './session-context.js';
import { formatTime } from './time.js';
import { TwoFactorSection } from './two-factor-section.js';
import { useFormErrors } from './use-form-errors.js';
import { zodRule } from './zod-rule.js';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A new password, checked in the browser as far as it can be: its length, and not the user name. */
export function newPasswordRules(t: Translate, userName: string) {
  return [
    zodRule(updatePasswordSchema.shape.newPassword, t),
    {
      validator: async (_rule: unknown, value: unknown) => {
        if (typeof value === 'string' && containsUserName(value, userName)) throw new Error(t('passwordRules.contains-user-name'));
      },
    },
  ];
}

/** The repeat of a new password must match it. */
export const confirmRule = (t: Translate) => ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
  validator: async (_rule: unknown, value: unknown) => {
    if (value && value !== getFieldValue('newPassword')) throw new Error(t('account.mismatch'));
  },
});

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/**
 * Changes one's own password with the current one. The server ends every session of the user and
 * answers a new one for this browser, which carries on signed in.
 */
export function ChangePasswordForm({ onChanged }: { onChanged?: () => void }) {
  const { t } = useTranslation('admin');
  const { message } = AntApp.useApp();
  const { user, setUser } = useSession();
  const [form] = Form.useForm<PasswordValues>();
  const showErrors = useFormErrors(form);

  const submit = async (values: PasswordValues) => {
    try {
      const answer = await api<{ accessToken: { token: string } }>('User/UpdatePassword', {
        body: { oldPassword: values.oldPassword, newPassword: values.newPassword },
      });
      saveToken(answer.accessToken.token);
      const next: CurrentUser = { ...user, mustChangePassword: false };
      saveUser(next);
      setUser(next);
      form.resetFields();
      message.success(t('account.passwordChanged'));
      onChanged?.();
    } catch (error) {
      showErrors(error);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} className="account-password-form">
      <Form.Item name="oldPassword" label={t('account.oldPassword')} rules={[{ required: true, message: t('validation.required') }]}>
        <Input.Password autoComplete="current-password" autoFocus />
      </Form.Item>
      <Form.Item name="newPassword" label={t('account.newPassword')} extra={t('account.passwordHint')} rules={newPasswordRules(t, user.userName)}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirm" label={t('account.confirmPassword')} dependencies={['newPassword']} rules={[{ required: true, message: t('validation.required') }, confirmRule(t)]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        {t('account.changePassword')}
      </Button>
    </Form>
  );
}

const SESSIONS_KEY = ['security', 'Sessions'];

/** The user's own sessions: where they are signed in, and a way to end any of them. */
export function SessionsSection() {
  const { t } = useTranslation('admin');
  const { message } = AntApp.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data, isLoading } = useQuery({ queryKey: SESSIONS_KEY, queryFn: () => api<SessionList>('security/Sessions', { method: 'GET' }) });

  const end = async (session: SessionInfo) => {
    try {
      await api(`security/Sessions/${session.id}/End`, { body: {} });
      if (session.current) {
        // This browser's own session: it is signed out now.
        clearSession();
        navigate(AUTH_PATHS.login, { replace: true });
        return;
      }
      message.success(t('account.sessionEnded'));
      await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    } catch (error) {
      message.error(errorText(error, t));
    }
  };

  return (
    <Table<SessionInfo>
      rowKey="id"
      size="small"
      loading={isLoading}
      pagination={false}
      dataSource={data?.items ?? []}
      columns={[
        {
          title: t('account.device'),
          key: 'device',
          render: (_value, row) => (
            <Space>
              <span title={row.userAgent ?? undefined}>{row.device || t('account.unknownDevice')}</span>
              {row.current && <Tag color="green">{t('account.thisSession')}</Tag>}
            </Space>
          ),
        },
        { title: t('account.address'), dataIndex: 'clientAddress', render: (value: string | null) => value ?? '—' },
        { title: t('account.signedIn'), dataIndex: 'createdAt', render: (value: string) => formatTime(value) },
        { title: t('account.lastUsed'), dataIndex: 'lastSeenAt', render: (value: string) => formatTime(value) },
        {
          title: t('common.actions'),
          key: 'actions',
          render: (_value, row) => (
            <Popconfirm title={row.current ? t('account.endThisConfirm') : t('account.endConfirm')} onConfirm={() => end(row)} okText={t('account.end')} cancelText={t('common.cancel')}>
              <Button size="small" danger>
                {t('account.end')}
              </Button>
            </Popconfirm>
          ),
        },
      ]}
    />
  );
}

/** My account: one's password, one's sessions and two-step verification (docs/decisions/0038, 0039). */
export function AccountScreen() {
  const { t } = useTranslation('admin');
  const { user } = useSession();
  const queryClient = useQueryClient();
  return (
    <div className="account-screen">
      <Typography.Title level={3}>{t('account.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('account.signedInAs', { userName: user.userName })}</Typography.Paragraph>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Card title={t('account.passwordSection')}>
          {/* The change ended every other session: the list shows it. */}
          <ChangePasswordForm onChanged={() => void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY })} />
        </Card>
        <Card title={t('account.sessionsSection')}>
          <Typography.Paragraph type="secondary">{t('account.sessionsHint')}</Typography.Paragraph>
          <SessionsSection />
        </Card>
        <TwoFactorSection />
      </Space>
    </div>
  );
}

/**
 * The only screen a user who must change their password sees (the server refuses every other call
 * until then): the change, and a way out. After it, the screen they were going to opens.
 */
export function ForcedPasswordChange() {
  // Outside the back-office frame, so with its own holder of messages.
  return (
    <AntApp component={false}>
      <ForcedPasswordCard />
    </AntApp>
  );
}

function ForcedPasswordCard() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  return (
    <main className="login-page">
      <div className="account-forced">
        <h1>{t('account.forcedTitle')}</h1>
        <p className="login-reason" role="status">
          {t('account.forcedHint')}
        </p>
        <ChangePasswordForm />
        <div className="login-foot">
          <button type="button" onClick={() => navigate(AUTH_PATHS.logout)}>
            {t('account.signOut')}
          </button>
        </div>
      </div>
    </main>
  );
}
