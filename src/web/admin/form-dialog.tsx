import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal } from 'antd';

/**
 * A dialog around a form, with Save and Cancel. A click beside the dialog keeps it open: what was
 * typed is thrown away only on purpose (Cancel, the close button or Esc), never by a stray click.
 */
export function FormDialog({
  title,
  open = true,
  saving,
  onSave,
  onClose,
  destroyOnHidden,
  saveDisabled,
  readOnly,
  children,
}: {
  title: ReactNode;
  open?: boolean;
  saving: boolean;
  onSave: () => void;
  onClose: () => void;
  destroyOnHidden?: boolean;
  /** Nothing to save yet (what the form edits is still loading, or could not be read). */
  saveDisabled?: boolean;
  /** Shown to a role that may only read (docs/decisions/0059): no Save, only Close. */
  readOnly?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <Modal
      open={open}
      title={title}
      onOk={onSave}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ disabled: saveDisabled }}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      mask={{ closable: false }}
      destroyOnHidden={destroyOnHidden}
      footer={
        readOnly
          ? [
              <Button key="close" onClick={onClose}>
                {t('common.close')}
              </Button>,
            ]
          : undefined
      }
    >
      {children}
    </Modal>
  );
}
