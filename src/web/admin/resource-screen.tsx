import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Popconfirm, Space, Tooltip } from 'antd';
import type { z } from 'zod';
import type { EntityDef } from '../../shared/entity.js';
import type { ModuleKey } from '../../shared/modules.js';
import { api } from '../api/client.js';
import type { BulkActions } from './bulk-bar.js';
import { errorText } from './error-text.js';
import { columnsOf, filtersOf } from './resource-columns.js';
import type { Choice, Render } from './resource-columns.js';
import { ResourceForm } from './resource-form.js';
import { ResourceList } from './resource-list.js';
import type { FilterDef } from './resource-list.js';
import { ReadOnlyTag, readableBulk } from './read-only.js';
import { useCanWrite } from './session-context.js';
import { useFieldText } from './use-field-text.js';
import type { ValueTexts } from './use-field-text.js';

// Any entity: each screen names its own, and its fields, sort fields and filters are checked against it.
type AnyEntity = EntityDef<any, any, any>;
export type RowOf<E extends AnyEntity> = z.infer<E['record']> & { id: number };
/** A record field's name; of either entity, when a screen serves two alike. */
export type FieldOf<E extends AnyEntity> = E extends AnyEntity ? keyof z.infer<E['record']> & string : never;

/** What one screen says about its entity; everything else is read from the entity's definition. */
export interface ResourceScreenProps<E extends AnyEntity> {
  entity: E;
  /**
   * The module whose write lets the screen change anything (any one of them, for a screen of
   * several): a role with read only sees the list and each record, without any control that changes
   * one (docs/decisions/0059).
   */
  module: ModuleKey | readonly ModuleKey[];
  title: string;
  /** Record fields shown as columns, in order; each titled `fields.<Entity>.<field>` in the catalogue. */
  columns: readonly FieldOf<E>[];
  /**
   * Beside the columns, what the row actions read: the list then asks for these fields alone
   * (`fields` in the query). Only for a screen whose rows no form opens (its dialog edits the row
   * the list holds, so such a screen asks for whole records).
   */
  rowFields?: readonly FieldOf<E>[];
  /** Columns shown otherwise than their kind would show them (a status as its coloured tag). */
  render?: Partial<Record<FieldOf<E>, Render<RowOf<E>>>>;
  /** Where the catalogue names a field's values (see `ValueTexts`). */
  values?: Partial<Record<FieldOf<E>, ValueTexts[string]>>;
  /** Choices for filters the definition leaves open, such as a status number. */
  filterChoices?: Partial<Record<keyof E['filters'] & string, Choice[]>>;
  defaultSort?: { field: E['sort'][number]; order: 'asc' | 'desc' };
  /** Offers the list as CSV: the server writes it (`POST {E}/Export`) with the columns it names for the entity. */
  exportable?: boolean;
  /** Filters the definition cannot offer by itself (a text box over an id and a name, say), before the others. */
  extraFilters?: FilterDef[];
  /** The dialogs' titles: a create button when the entity has a create body, an Edit action when it has an update body. */
  form?: {
    createTitle: string;
    editTitle: string;
    /** A new record's values where the back-office's differ from the API's defaults. */
    createDefaults?: Record<string, unknown>;
    /**
     * A dialog of the screen's own instead of the generic one (texts in tabs per language, a choice
     * the definition cannot offer): given the record (without an id, a new one), its title, how to
     * close it, and whether it is only shown (a role that may only read: values disabled, no Save).
     */
    dialog?: (record: Record<string, unknown>, title: string, close: () => void, readOnly: boolean) => ReactNode;
  };
  /** A record's details, opened by a View action. */
  details?: (row: RowOf<E>, close: () => void) => ReactNode;
  /** A row's own actions, between View and Edit and Delete; changes all, so shown to a role that may write only. */
  rowActions?: (row: RowOf<E>) => ReactNode;
  /** Beside the create button; a screen hides its own writes there from a role that may only read. */
  toolbar?: ReactNode;
  /** Choices of form fields whose values the server knows, not the schema (a user's roles). */
  formChoices?: Partial<Record<FieldOf<E>, Choice[]>>;
  /** Rows can be ticked, or every matching row chosen, and acted on at once. */
  bulk?: BulkActions;
  remove?: {
    /** The API deletes some records with `POST {E}/{id}` and an empty body, others with `DELETE {E}/{id}`. */
    method: 'POST' | 'DELETE';
    /** Rows that are never deleted (a built-in role): no Delete button at all. */
    hiddenFor?: (row: RowOf<E>) => boolean;
    /** Why a row cannot be deleted, shown beside its disabled Delete button. */
    blockedBy?: (row: RowOf<E>) => string | undefined;
    /** Explains a refusal better than its general message; answers whether it did. */
    onRefused?: (error: unknown, row: RowOf<E>) => Promise<boolean>;
  };
}

/** One list screen for any entity: columns, filters, export, the create and edit dialog, delete. */
export function ResourceScreen<E extends AnyEntity>(props: ResourceScreenProps<E>) {
  const { entity, form, remove } = props;
  const { t } = useTranslation('admin');
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const text = useFieldText(entity.name, props.values);
  const [editing, setEditing] = useState<Record<string, unknown> | null>(null);
  const [viewing, setViewing] = useState<RowOf<E> | null>(null);
  const writable = useCanWrite(...[props.module].flat());
  const canCreate = writable && !!(form && entity.create);
  const canEdit = writable && !!(form && entity.update);
  // A role that may only read opens a record's dialog as a view: its values, disabled, no Save.
  const canView = !writable && !props.details && !!(form && entity.update);
  const [viewingForm, setViewingForm] = useState<Record<string, unknown> | null>(null);
  const rowActions = writable ? props.rowActions : undefined;
  const removable = writable ? remove : undefined;

  const removeRow = async (row: RowOf<E>) => {
    try {
      await api(`${entity.name}/${row.id}`, remove!.method === 'POST' ? { body: {} } : { method: 'DELETE' });
      message.success(t('common.deleted'));
      await queryClient.invalidateQueries({ queryKey: [entity.name] });
    } catch (error) {
      if (!(await remove!.onRefused?.(error, row))) message.error(errorText(error, t));
    }
  };

  const deleteButton = (row: RowOf<E>) => {
    const blocked = remove!.blockedBy?.(row);
    return blocked ? (
      <Tooltip title={blocked}>
        <Button size="small" danger disabled>
          {t('common.delete')}
        </Button>
      </Tooltip>
    ) : (
      <Popconfirm title={t('common.confirmDelete')} okText={t('common.delete')} cancelText={t('common.cancel')} onConfirm={() => removeRow(row)}>
        <Button size="small" danger>
          {t('common.delete')}
        </Button>
      </Popconfirm>
    );
  };

  const actions = {
    title: t('common.actions'),
    key: 'actions',
    render: (_: unknown, row: RowOf<E>) => (
      <Space>
        {props.details && (
          <Button size="small" onClick={() => setViewing(row)}>
            {t('common.view')}
          </Button>
        )}
        {canView && (
          <Button size="small" onClick={() => setViewingForm(row)}>
            {t('common.view')}
          </Button>
        )}
        {canEdit && (
          <Button size="small" onClick={() => setEditing(row)}>
            {t('common.edit')}
          </Button>
        )}
        {rowActions?.(row)}
        {removable && !removable.hiddenFor?.(row) && deleteButton(row)}
      </Space>
    ),
  };
  const hasActions = !!(props.details || canEdit || canView || rowActions || removable);

  return (
    <>
      <h1>
        {props.title}{!writable && <ReadOnlyTag />}
      </h1>
      <ResourceList<RowOf<E>>
        entity={entity}
        fields={props.rowFields && !form ? [...new Set([...props.columns, ...props.rowFields])] : undefined}
        defaultSort={props.defaultSort}
        filters={[...(props.extraFilters ?? []), ...filtersOf(entity, text, t('common.dateRange'), props.filterChoices)]}
        exportable={props.exportable}
        bulk={readableBulk(props.bulk, writable)}
        toolbar={
          <>
            {canCreate && (
              <Button type="primary" onClick={() => setEditing({ ...form?.createDefaults })}>
                {form!.createTitle}
              </Button>
            )}
            {props.toolbar}
          </>
        }
        columns={[...columnsOf<RowOf<E>>(entity, text, props.columns, props.render), ...(hasActions ? [actions] : [])]}
      />
      {editing &&
        (form?.dialog ? (
          form.dialog(editing, editing.id === undefined ? form.createTitle : form.editTitle, () => setEditing(null), false)
        ) : (
          <ResourceForm
            entity={entity}
            record={editing}
            title={editing.id === undefined ? form!.createTitle : form!.editTitle}
            text={text}
            choices={props.formChoices}
            onClose={() => setEditing(null)}
          />
        ))}
      {viewingForm &&
        (form?.dialog ? (
          form.dialog(viewingForm, props.title, () => setViewingForm(null), true)
        ) : (
          <ResourceForm entity={entity} record={viewingForm} title={props.title} text={text} choices={props.formChoices} readOnly onClose={() => setViewingForm(null)} />
        ))}
      {viewing && props.details?.(viewing, () => setViewing(null))}
    </>
  );
}
