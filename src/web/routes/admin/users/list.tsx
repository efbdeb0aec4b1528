import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App as AntApp, Button, Form, Input, Tooltip } from 'antd';
import type { User } from '../../../../shared/schemas/user.js';
import { updatePasswordSchema, userEntity } from '../../../../shared/schemas/user.js';
import { zodRule } from '../../../admin/zod-rule.js';
import { api } from '../../../api/client.js';
import { ResourceScreen } from '../../../admin/resource-screen.js';
import { useSession } from '../../../admin/session-context.js';
import { FormDialog } from '../../../admin/form-dialog.js';
import { useDialogSubmit } from '../../../admin/use-dialog-submit.js';

/**
 * Users: create, edit roles and the active flag, reset passwords, delete. The server's refusals
 * (the last administrator, one's own account) come back as conflicts the dialogs explain.
 */
export default function Users() {
  const { t } = useTranslation('admin');
  const { user: me } = useSession();
  const [resetting, setResetting] = useState<User | null>(null);
  return (
    <>
      <ResourceScreen
        entity={userEntity}
        title={t('users.title')}
        columns={['userName', 'displayName', 'email', 'roles', 'isActive', 'lastLoginAt']}
        values={{ roles: 'users.roleNames', isActive: 'users.activeStates' }}
        form={{ createTitle: t('users.create'), editTitle: t('users.editTitle') }}
        rowActions={(row) =>
          // One's own password is changed with the current one (the server refuses a reset of it).
          row.id === me.id ? (
            <Tooltip title={t('users.resetOwnHint')}>
              <Button size="small" disabled>
                {t('users.resetPassword')}
              </Button>
            </Tooltip>
          ) : (
            <Button size="small" onClick={() => setResetting(row)}>
              {t('users.resetPassword')}
            </Button>
          )
        }
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
  const [form] = Form.useForm<{ newPassword: string }>();
  const [saving, submit] = useDialogSubmit(form, async (values) => {
    await api('User/UpdatePassword', { body: { id: user.id, newPassword: values.newPassword } });
    message.success(t('users.passwordChanged'));
    onClose();
  });
  return (
    <FormDialog title={`${t('users.resetPassword')}: ${user.userName}`} saving={saving} onSave={submit} onClose={onClose}>
      <Form form={form} layout="vertical">
        <Form.Item name="newPassword" label={t('users.newPassword')} required rules={[zodRule(updatePasswordSchema.shape.newPassword, t)]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
