import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Form, Input, Radio, Space, Tag } from 'antd';
import type { Locale } from '../../shared/locale.js';
import { MODULE_KEYS } from '../../shared/modules.js';
import type { Grants, ModuleAccess, ModuleKey } from '../../shared/modules.js';
import { roleCreateSchema, roleEntity, roleTexts } from '../../shared/schemas/role.js';
import type { Role } from '../../shared/schemas/role.js';
import { api } from '../api/client.js';
import { issueText } from './error-text.js';
import { FormDialog } from './form-dialog.js';
import { ResourceScreen } from './resource-screen.js';
import { roleNameIn } from './roles.js';
import { useCanWrite } from './session-context.js';
import { TranslationTabs, translationsBody } from './translation-tabs.js';
import { useDialogSubmit } from './use-dialog-submit.js';
import { zodRule } from './zod-rule.js';

/** What a grid cell holds: no access, read or write. */
type Choice = ModuleAccess | 'none';
const CHOICES: Choice[] = ['none', 'read', 'write'];

/**
 * The modules of a role, one row each, with none / read / write as a radio group: Tab moves from
 * module to module, the arrow keys choose within one, each group named by its module.
 */
export function GrantsGrid({ value = {}, onChange, disabled, id }: { value?: Grants; onChange?: (grants: Grants) => void; disabled?: boolean; id?: string }) {
  const { t } = useTranslation('admin');
  const set = (module: ModuleKey, choice: Choice) => {
    const next: Grants = { ...value };
    if (choice === 'none') delete next[module];
    else next[module] = choice;
    onChange?.(next);
  };
  return (
    <table className="grants-grid" id={id} aria-label={t('fields.Role.grants')}>
      <thead>
        <tr>
          <th scope="col">{t('roles.module')}</th>
          <th scope="col">{t('roles.access')}</th>
        </tr>
      </thead>
      <tbody>
        {MODULE_KEYS.map((module) => (
          <tr key={module}>
            <th scope="row" id={`grant-${module}`}>
              {t(`modules.${module}`)}
            </th>
            <td>
              <Radio.Group
                aria-labelledby={`grant-${module}`}
                name={`grant-${module}`}
                disabled={disabled}
                value={value[module] ?? 'none'}
                onChange={(event) => set(module, event.target.value as Choice)}
                options={CHOICES.map((choice) => ({ value: choice, label: t(`roles.choices.${choice}`) }))}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

interface RoleValues {
  key: string;
  name: string;
  description: string;
  grants: Grants;
  translations?: Role['translations'];
}

/**
 * Creates a custom role, edits one, or shows any (a built-in one, or for a role that may only read
 * users): its key, its name and description in both languages, and its grants.
 */
export function RoleDialog({ role, readOnly = false, onClose }: { role: Role | null; readOnly?: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RoleValues>();
  const own: Locale = 'zh-CN';
  const initialValues: RoleValues = role
    ? { key: role.key, name: role.name, description: role.description, grants: role.grants, translations: role.translations }
    : { key: '', name: '', description: '', grants: {}, translations: {} };
  const [saving, submit] = useDialogSubmit(form, async (values) => {
    const texts = { name: values.name, description: values.description ?? '', grants: values.grants, translations: translationsBody(roleTexts, own, values.translations) };
    if (role) await api('Role/Update', { body: { id: role.id, updatedAt: role.updatedAt, ...texts } });
    else await api('Role', { body: { key: values.key, ...texts } });
    message.success(t('common.saved'));
    await queryClient.invalidateQueries({ queryKey: ['Role'] });
    onClose();
  });
  const title = role ? (readOnly ? roleNameIn(role, i18n.language) : t('roles.editTitle')) : t('roles.create');
  const noGrant = issueText({ code: 'no_grant' }, t);
  return (
    <FormDialog title={title} saving={saving} onSave={submit} onClose={onClose} readOnly={readOnly}>
      <Form form={form} layout="vertical" initialValues={initialValues} disabled={readOnly}>
        <Form.Item name="key" label={t('fields.Role.key')} extra={role ? t('roles.keyFixed') : t('roles.keyHint')} required={!role} rules={role ? [] : [zodRule(roleCreateSchema.shape.key, t)]}>
          <Input disabled={!!role || readOnly} autoComplete="off" />
        </Form.Item>
        <TranslationTabs
          form={form}
          spec={roleTexts}
          ownLocale={own}
          labels={{ name: t('fields.Role.name'), description: t('fields.Role.description') }}
          own={
            <>
              <Form.Item name="name" label={t('fields.Role.name')} required rules={[zodRule(roleCreateSchema.shape.name, t)]}>
                <Input lang={own} autoComplete="off" />
              </Form.Item>
              <Form.Item name="description" label={t('fields.Role.description')} rules={[zodRule(roleCreateSchema.shape.description, t)]}>
                <Input.TextArea lang={own} rows={2} />
              </Form.Item>
            </>
          }
        />
        <Form.Item
          name="grants"
          label={t('fields.Role.grants')}
          required
          rules={[{ validator: async (_rule, value: Grants | undefined) => (Object.values(value ?? {}).some(Boolean) ? undefined : Promise.reject(new Error(noGrant))) }]}
        >
          <GrantsGrid disabled={readOnly} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}

/** A role's grants as tags: each module it opens, and whether it may change or only read there. */
function GrantTags({ grants }: { grants: Grants }) {
  const { t } = useTranslation('admin');
  return (
    <Space size={[4, 4]} wrap>
      {MODULE_KEYS.filter((module) => grants[module]).map((module) => (
        <Tag key={module} color={grants[module] === 'write' ? 'blue' : 'default'}>
          {t(`modules.${module}`)} · {t(`roles.choices.${grants[module]}`)}
        </Tag>
      ))}
    </Space>
  );
}

/**
 * Roles (docs/decisions/0059): the built-in ones for reference, view-only, and the custom ones an
 * administrator composes of modules with read or write. A role still held by users cannot be deleted:
 * the refusal says so in the reader's language.
 */
export function RolesScreen() {
  const { t, i18n } = useTranslation('admin');
  const writable = useCanWrite('users');
  const [editing, setEditing] = useState<{ role: Role | null } | null>(null);
  return (
    <>
      <ResourceScreen
        entity={roleEntity}
        module="users"
        title={t('roles.title')}
        columns={['name', 'key', 'grants', 'userCount']}
        values={{ builtIn: 'roles.builtInStates' }}
        render={{
          name: (_: unknown, row: Role) => (
            <>
              {roleNameIn(row, i18n.language)} {row.builtIn && <Tag>{t('roles.builtIn')}</Tag>}
            </>
          ),
          key: (key: string) => <code>{key}</code>,
          grants: (grants: Grants) => <GrantTags grants={grants} />,
        }}
        toolbar={
          writable && (
            <Button type="primary" onClick={() => setEditing({ role: null })}>
              {t('roles.create')}
            </Button>
          )
        }
        details={(row, close) => <RoleDialog role={row} readOnly onClose={close} />}
        rowActions={(row) =>
          !row.builtIn && (
            <Button size="small" onClick={() => setEditing({ role: row })}>
              {t('common.edit')}
            </Button>
          )
        }
        remove={{ method: 'DELETE', hiddenFor: (row) => row.builtIn }}
      />
      {editing && <RoleDialog key={editing.role?.id ?? 'new'} role={editing.role} onClose={() => setEditing(null)} />}
    </>
  );
}
