import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App as AntApp, Button, Checkbox, Form, Input, Popconfirm, Tooltip } from 'antd';
import type { User } from '../../../../shared/schemas/user.js';
import { userEntity } from '../../../../shared/schemas/user.js';
import { newPasswordRules } from '../../../admin/account-screen.js';
import { errorText } from '../../../admin/error-text.js';
import { api } from '../../../api/client.js';
import { ResourceScreen } from '../../../admin/resource-screen.js';
import { useCanWrite, useSession } from '../../../admin/session-context.js';
import { useRoleChoices } from '../../../admin/roles.js';
import { FormDialog } from '../../../admin/form-dialog.js';
import { useDialogSubmit } from '../../../admin/use-dialog-submit.js';
import { TwoFactorPolicyButton, TwoFactorResetButton } from '../../../admin/two-factor-admin.js';

/**
 * Users: create, edit roles and the active flag, reset passwords, delete. The server's refusals
 * (the last administrator, one's own account) come back as conflicts the dialogs explain.
 */
export default function Users() {
  const { t } = useTranslation('admin');
  const { user: me } = useSession();
  const writable = useCanWrite('users');
  // Built-in and custom roles alike, named in the reader's language (docs/decisions/0059).
  const roles = useRoleChoices();
  const [resetting, setResetting] = useState<User | null>(null);
  return (
    <>
      <ResourceScreen
        entity={userEntity}
        module="users"
        title={t('users.title')}
        columns={['userName', 'displayName', 'email', 'roles', 'isActive', 'twoFactorEnabled', 'lastLoginAt']}
        values={{ roles: roles.nameOf, isActive: 'users.activeStates', twoFactorEnabled: 'twoFactor.states' }}
        filterChoices={{ role: roles.choices }}
        formChoices={{ roles: roles.choices }}
        toolbar={writable && <TwoFactorPolicyButton />}
        // The API's default is false (existing clients keep working); here a new user's password is
        // theirs to change at the first sign-in unless the administrator unticks it.
        form={{ createTitle: t('users.create'), editTitle: t('users.editTitle'), createDefaults: { mustChangePassword: true } }}
        rowActions={(row) => (
          <>
            {/* One's own password is changed with the current one (the server refuses a reset of it). */}
            {row.id === me.id ? (
              <Tooltip title={t('users.resetOwnHint')}>
                <Button size="small" disabled>
                  {t('users.resetPassword')}
                </Button>
              </Tooltip>
            ) : (
              <Button size="small" onClick={() => setResetting(row)}>
                {t('users.resetPassword')}
              </Button>
            )}
            <TwoFactorResetButton user={row} />
            <EndSessionsButton user={row} />
          </>
        )}
        // The server refuses it too; the disabled button says so before anyone tries.
        remove={{ method: 'DELETE', blockedBy: (row) => (row.id === me.id ? t('users.cannotDeleteSelf') : undefined) }}
      />
      {resetting && <ResetPassword user={resetting} onClose={() => setResetting(null)} />}
    </>
  );
}

/** A password is set apart from the rest of a user (its own call and schema), so it has its own dialog. */
function ResetPassword({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<{ newPassword: string; mustChangePassword: boolean }>();
  const [saving, submit] = useDialogSubmit(form, async (values) => {
    await api('User/UpdatePassword', { body: { id: user.id, newPassword: values.newPassword, mustChangePassword: values.mustChangePassword } });
    message.success(t('users.passwordChanged'));
    onClose();
  });
  return (
    <FormDialog title={`${t('users.resetPassword')}: ${user.userName}`} saving={saving} onSave={submit} onClose={onClose}>
      <Form form={form} layout="vertical" initialValues={{ mustChangePassword: true }}>
        <Form.Item name="newPassword" label={t('users.newPassword')} required rules={newPasswordRules(t, user.userName)}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="mustChangePassword" valuePropName="checked">
          <Checkbox>{t('fields.User.mustChangePassword')}</Checkbox>
        </Form.Item>
      </Form>
    </FormDialog>
  );
}

/** Signs a user out everywhere at once (a lost laptop, a person who left). */
function EndSessionsButton({ user }: { user: User }) {
  const { t } = useTranslation('admin');
  const { message } = AntApp.useApp();
  const end = async () => {
    try {
      const { ended } = await api<{ ended: number }>(`User/${user.id}/EndSessions`, { body: {} });
      message.success(t('users.sessionsEnded', { count: ended }));
    } catch (error) {
      message.error(errorText(error, t));
    }
  };
  return (
    <Popconfirm title={t('users.endSessionsConfirm', { userName: user.userName })} onConfirm={end} okText={t('users.endSessions')} cancelText={t('common.cancel')}>
      <Button size="small">{t('users.endSessions')}</Button>
    </Popconfirm>
  );
}
