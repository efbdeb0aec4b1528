import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App as AntApp, Button, Modal, Space } from 'antd';
import { errorText } from './error-text.js';
import { canPreview, downloadWithToken, fetchWithToken } from './download.js';

/**
 * Shows a résumé in the page when the browser can (PDF), fetched with the bearer token; Word files
 * are offered for download instead.
 */
export function ResumeActions({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation('admin');
  const { message } = AntApp.useApp();
  const [loading, setLoading] = useState(false);
  const [preview, setPreview] = useState<{ url: string; pdf: boolean } | null>(null);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview.url);
  }, [preview]);

  const open = async () => {
    if (loading) return;
    setLoading(true);
    try {
      const file = await fetchWithToken(url, name);
      setPreview({ url: URL.createObjectURL(file.blob), pdf: canPreview(file.blob.type) });
    } catch (error) {
      message.error(errorText(error, t));
    } finally {
      setLoading(false);
    }
  };
  const download = () => downloadWithToken(url, name).catch((error: unknown) => message.error(errorText(error, t)));

  return (
    <>
      {/* Spaced apart in any container: a Space around this component sees one child, not two. */}
      <Space>
        <Button onClick={() => void open()} loading={loading}>
          {t('applications.preview')}
        </Button>
        <Button onClick={() => void download()}>{t('applications.download')}</Button>
      </Space>
      {preview && (
        <Modal open title={name} width="min(960px, 96vw)" onCancel={() => setPreview(null)} footer={<Button onClick={() => void download()}>{t('applications.download')}</Button>}>
          {preview.pdf ? (
            <iframe title={name} src={preview.url} className="resume-frame" />
          ) : (
            <Alert type="info" showIcon message={t('applications.previewUnavailable')} />
          )}
        </Modal>
      )}
    </>
  );
}
