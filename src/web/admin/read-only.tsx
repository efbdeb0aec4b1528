import { createContext, useContext, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkActions } from './bulk-bar.js';
import { Tag } from './ui/controls.js';

/**
 * What a role that may only read a module sees (docs/decisions/0059): every control that would change
 * something is left out, not disabled, and the screen's title says it is read only.
 */
export function ReadOnlyTag() {
  const { t } = useTranslation('admin');
  const hintId = useId();
  return (
    // The hint is the tag's description, read with it and shown on hover and on focus.
    <span className="read-only-tag" tabIndex={0} aria-describedby={hintId}>
      <Tag style={{ marginInlineStart: 8 }}>{t('common.readOnly')}</Tag>
      <span id={hintId} role="tooltip" className="read-only-hint">
        {t('common.readOnlyHint')}
      </span>
    </span>
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
