import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Form, Input, Popconfirm, Select, Space, Switch, Tag, Tooltip } from 'antd';
import { ROLES } from '../../../../shared/modules.js';
import type { User } from '../../../../shared/schemas/user.js';
import { updatePasswordSchema, userCreateSchema } from '../../../../shared/schemas/user.js';
import { zodRule } from '../../../admin/zod-rule.js';
import { api } from '../../../api/client.js';
import { errorText } from '../../../admin/error-text.js';
import { ResourceList } from '../../../admin/resource-list.js';
import { useSession } from '../../../admin/session-context.js';
import { formatTime } from '../../../admin/status.js';
import { FormDialog } from '../../../admin/form-dialog.js';
import { useDialogSubmit } from '../../../admin/use-dialog-submit.js';

/** Users: create, edit roles and the active flag, reset passwords, delete; the server's refusals shown as they come. */
export default function Users() {
  const { t } = useTranslation('admin');
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const { user: me } = useSession();
  const [editing, setEditing] = useState<Partial<User> | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);
  const roleOptions = ROLES.map((role) => ({ value: role, label: t(`users.roleNames.${role}`) }));

  const remove = async (id: number) => {
    try {
      await api(`User/${id}`, { method: 'DELETE' });
      message.success(t('common.deleted'));
      await queryClient.invalidateQueries({ queryKey: ['User'] });
    } catch (error) {
      message.error(errorText(error, t));
    }
  };

  return (
    <>
      <h1>{t('users.title')}</h1>
      <ResourceList<User>
        entity="User"
        filters={[
          { name: 'role', label: t('users.roles'), options: roleOptions },
          { name: 'isActive', label: t('users.isActive'), options: [{ value: 1, label: t('users.active') }, { value: 0, label: t('users.inactive') }], toValue: (value) => value === 1 },
        ]}
        toolbar={
          <Button type="primary" onClick={() => setEditing({ roles: ['editor'], isActive: true })}>
            {t('users.create')}
          </Button>
        }
        columns={[
          { title: t('users.userName'), dataIndex: 'userName', key: 'userName', sorter: true },
          { title: t('users.displayName'), dataIndex: 'displayName', key: 'displayName', sorter: true },
          { title: t('users.email'), dataIndex: 'email', key: 'email' },
          { title: t('users.roles'), dataIndex: 'roles', key: 'roles', render: (roles: string[]) => roles.map((role) => <Tag key={role}>{t(`users.roleNames.${role}`)}</Tag>) },
          { title: t('users.isActive'), dataIndex: 'isActive', key: 'isActive', render: (active: boolean) => (active ? <Tag color="green">{t('users.active')}</Tag> : <Tag>{t('users.inactive')}</Tag>) },
          { title: t('users.lastLoginAt'), dataIndex: 'lastLoginAt', key: 'lastLoginAt', sorter: true, render: formatTime },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, row: User) => (
              <Space>
                <Button size="small" onClick={() => setEditing(row)}>
                  {t('common.edit')}
                </Button>
                <Button size="small" onClick={() => setResetting(row)}>
                  {t('users.resetPassword')}
                </Button>
                {row.id === me.id ? (
                  <Tooltip title={t('users.cannotDeleteSelf')}>
                    <Button size="small" danger disabled>
                      {t('common.delete')}
                    </Button>
                  </Tooltip>
                ) : (
                  <Popconfirm title={t('common.confirmDelete')} okText={t('common.delete')} cancelText={t('common.cancel')} onConfirm={() => remove(row.id)}>
                    <Button size="small" danger>
                      {t('common.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing && <UserForm user={editing} roleOptions={roleOptions} onClose={() => setEditing(null)} />}
      {resetting && <ResetPassword user={resetting} onClose={() => setResetting(null)} />}
    </>
  );
}

interface UserValues {
  userName: string;
  password?: string;
  displayName: string;
  email: string;
  roles: string[];
  isActive: boolean;
}

function UserForm({ user, roleOptions, onClose }: { user: Partial<User>; roleOptions: { value: string; label: string }[]; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<UserValues>();
  const isNew = !user.id;
  const [saving, submit] = useDialogSubmit(form, async (values) => {
    if (isNew) {
      await api('User', { body: { userName: values.userName, password: values.password, displayName: values.displayName ?? '', email: values.email ?? '', roles: values.roles } });
    } else {
      await api('User/Update', { body: { id: user.id, displayName: values.displayName ?? '', email: values.email ?? '', roles: values.roles, isActive: values.isActive } });
    }
    message.success(t('common.saved'));
    await queryClient.invalidateQueries({ queryKey: ['User'] });
    onClose();
  });
  return (
    <FormDialog title={isNew ? t('users.create') : t('users.editTitle')} saving={saving} onSave={submit} onClose={onClose}>
      <Form form={form} layout="vertical" initialValues={{ userName: user.userName, displayName: user.displayName, email: user.email, roles: user.roles, isActive: user.isActive }}>
        <Form.Item name="userName" label={t('users.userName')} required rules={isNew ? [zodRule(userCreateSchema.shape.userName, t)] : []}>
          <Input disabled={!isNew} autoComplete="off" />
        </Form.Item>
        {isNew && (
          <Form.Item name="password" label={t('users.password')} required rules={[zodRule(userCreateSchema.shape.password, t)]}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
        <Form.Item name="displayName" label={t('users.displayName')} rules={[zodRule(userCreateSchema.shape.displayName, t)]}>
          <Input />
        </Form.Item>
        <Form.Item name="email" label={t('users.email')} rules={[zodRule(userCreateSchema.shape.email, t)]}>
          <Input />
        </Form.Item>
        <Form.Item name="roles" label={t('users.roles')} required rules={[zodRule(userCreateSchema.shape.roles, t)]}>
          <Select mode="multiple" options={roleOptions} />
        </Form.Item>
        {!isNew && (
          <Form.Item name="isActive" label={t('users.isActive')} valuePropName="checked">
            <Switch />
          </Form.Item>
        )}
      </Form>
    </FormDialog>
  );
}

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
