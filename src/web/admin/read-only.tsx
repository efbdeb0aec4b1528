import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { Tag, Tooltip } from 'antd';
import type { BulkActions } from './bulk-bar.js';

/**
 * What a role that may only read a module sees (docs/decisions/0059): every control that would change
 * something is left out, not disabled, and the screen's title says it is read only.
 */
export function ReadOnlyTag() {
  const { t } = useTranslation('admin');
  return (
    <Tooltip title={t('common.readOnlyHint')}>
      <Tag tabIndex={0} style={{ verticalAlign: 'middle', marginInlineStart: 8 }}>
        {t('common.readOnly')}
      </Tag>
    </Tooltip>
  );
}

/** A list's bulk actions for its reader: exporting ticked rows reads; deleting and moving them write. */
export function readableBulk(bulk: BulkActions | undefined, writable: boolean): BulkActions | undefined {
  if (!bulk || writable) return bulk;
  return bulk.export ? { export: true } : undefined;
}

/**
 * Set by an editor opened by a role that may only read: the fields that are not antd's own (rich
 * text, an image, the translations' copy button, a version's restore) show their values and offer
 * nothing that changes them. antd's own controls follow the form's `disabled`.
 */
export const ReadOnlyContext = createContext(false);

export const useReadOnly = () => useContext(ReadOnlyContext);
