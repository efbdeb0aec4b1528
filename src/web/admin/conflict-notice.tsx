import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App as AntApp, Button, Input, Modal, Space } from 'antd';
import { ErrorCode } from '../../shared/api.js';
import { ApiError } from '../api/client.js';
import { errorText } from './error-text.js';
import { VersionDiff } from './history-dialog.js';
import { compareVersions, unsavedText } from './revision-diff.js';

/**
 * What an editor shows when its save is refused because someone else saved first (409, reason
 * `stale`; docs/decisions/0037): their version beside the user's changes, the user's text to copy
 * (always in a box on the page too, so nothing typed is lost even without a clipboard), and a
 * reload that takes the latest version while the box stays until the user closes it.
 */

export const isStaleConflict = (error: unknown): boolean =>
  error instanceof ApiError && error.errorCode === ErrorCode.conflict && (error.data as { reason?: unknown } | null)?.reason === 'stale';

export interface ConflictNoticeProps {
  /** The fields the user tried to save. */
  mine: Record<string, unknown>;
  /** The record as it is now on the server. */
  loadTheirs: () => Promise<Record<string, unknown>>;
  /** Takes the latest version into the form. */
  onReload: () => Promise<unknown> | void;
  onDismiss: () => void;
  fieldLabel?: (field: string) => string;
}

export function ConflictNotice({ mine, loadTheirs, onReload, onDismiss, fieldLabel = (field) => field }: ConflictNoticeProps) {
  const { t } = useTranslation('admin');
  const { message } = AntApp.useApp();
  const [theirs, setTheirs] = useState<Record<string, unknown> | null>(null);
  const [loading, setLoading] = useState(false);
  const text = unsavedText(mine, fieldLabel);

  const seeTheirs = async () => {
    setLoading(true);
    try {
      setTheirs(await loadTheirs());
    } catch (error) {
      message.error(errorText(error, t));
    } finally {
      setLoading(false);
    }
  };
  const copyMine = async () => {
    try {
      await navigator.clipboard.writeText(text);
      message.success(t('revisions.copied'));
    } catch {
      message.warning(t('revisions.copyFailed'));
    }
  };
  const who = typeof theirs?.updatedBy === 'string' && theirs.updatedBy ? theirs.updatedBy : t('revisions.someoneElse');

  return (
    <Alert
      className="conflict-notice"
      type="warning"
      showIcon
      closable
      onClose={onDismiss}
      style={{ marginBottom: 16 }}
      message={t('revisions.conflictTitle')}
      description={
        <>
          <p>{t('revisions.conflictBody', { who })}</p>
          <Space wrap style={{ marginBottom: 8 }}>
            <Button onClick={seeTheirs} loading={loading}>
              {t('revisions.seeTheirs')}
            </Button>
            <Button onClick={copyMine}>{t('revisions.copyMine')}</Button>
            <Button type="primary" onClick={() => onReload()}>
              {t('revisions.reload')}
            </Button>
          </Space>
          <label style={{ display: 'block' }}>
            {t('revisions.myText')}
            <Input.TextArea readOnly value={text} autoSize={{ minRows: 3, maxRows: 12 }} aria-label={t('revisions.myText')} />
          </label>
          {theirs && (
            <Modal open title={t('revisions.seeTheirs')} onCancel={() => setTheirs(null)} footer={null} width={900}>
              <VersionDiff title={t('revisions.theirsVsMine')} diffs={compareVersions(theirs, { ...theirs, ...mine })} fieldLabel={fieldLabel} />
            </Modal>
          )}
        </>
      }
    />
  );
}
