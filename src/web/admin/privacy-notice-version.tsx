import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, Modal, Row, Skeleton, Space, Typography } from 'antd';
import { ErrorCode } from '../../shared/api.js';
import { LOCALES } from '../../shared/locale.js';
import type { PrivacyNoticeVersion } from '../../shared/schemas/privacy-notice.js';
import { noticeBlocks } from '../../shared/schemas/site.js';
import { ApiError, api } from '../api/client.js';
import { errorText } from './error-text.js';
import { formatTime } from './time.js';

/**
 * A version of the privacy notice as staff read it (docs/decisions/0048): on the versions screen, and
 * from an application, a contact message or a join-us entry, which names the version its sender agreed to.
 */

/**
 * Both texts of a version, each laid out as the privacy page lays it out. A language left empty
 * says so: visitors reading that language were shown the other one's text.
 */
export function PrivacyNoticeTexts({ version }: { version: PrivacyNoticeVersion }) {
  const { t } = useTranslation('admin');
  const blank = LOCALES.every((locale) => !version.text[locale]);
  return (
    <Row gutter={[24, 12]}>
      {LOCALES.map((locale) => (
        <Col key={locale} xs={24} lg={12}>
          <Typography.Title level={5}>{t(`privacyNotice.languages.${locale}`)}</Typography.Title>
          {version.text[locale] ? (
            <div lang={locale}>
              {noticeBlocks(version.text[locale]).map((block, index) =>
                block.kind === 'heading' ? (
                  <Typography.Title key={index} level={5} style={{ marginTop: 12 }}>
                    {block.text}
                  </Typography.Title>
                ) : (
                  <Typography.Paragraph key={index}>{block.text}</Typography.Paragraph>
                ),
              )}
            </div>
          ) : (
            <Typography.Text type="secondary">{blank ? '—' : t('privacyNotice.emptyLanguage')}</Typography.Text>
          )}
        </Col>
      ))}
    </Row>
  );
}

/** When and by whom a version was published; version 0 was in force before versions were kept. */
export function publishedText(version: Pick<PrivacyNoticeVersion, 'publishedAt' | 'publishedBy'>, t: (key: string) => string): string {
  if (!version.publishedAt) return t('privacyNotice.beforeVersions');
  return version.publishedBy ? `${formatTime(version.publishedAt)} · ${version.publishedBy}` : formatTime(version.publishedAt);
}

/** The version a record's sender agreed to, with its text a click away; none on records from before versions. */
export function AgreedPrivacyVersion({ version }: { version: number | null }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  if (version === null) return <Typography.Text type="secondary">{t('privacyNotice.notRecorded')}</Typography.Text>;
  return (
    <Space wrap>
      <span>{t('privacyNotice.versionNumber', { version })}</span>
      <Button size="small" onClick={() => setOpen(true)}>
        {t('privacyNotice.read')}
      </Button>
      {open && <PrivacyNoticeVersionModal version={version} onClose={() => setOpen(false)} />}
    </Space>
  );
}

function PrivacyNoticeVersionModal({ version, onClose }: { version: number; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const query = useQuery({
    queryKey: ['PrivacyNotice', 'one', version],
    queryFn: () => api<PrivacyNoticeVersion>(`PrivacyNotice/${version}`, { method: 'GET' }),
    // A version is never changed once published: read once.
    staleTime: Infinity,
    retry: false,
  });
  const notKept = query.error instanceof ApiError && query.error.errorCode === ErrorCode.notFound;
  return (
    <Modal
      open
      width={880}
      title={t('privacyNotice.versionNumber', { version })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('privacyNotice.close')}</Button>}
    >
      {query.data ? (
        <>
          <Typography.Paragraph type="secondary">{publishedText(query.data, t)}</Typography.Paragraph>
          <PrivacyNoticeTexts version={query.data} />
        </>
      ) : notKept ? (
        <Alert type="info" showIcon message={t('privacyNotice.notKept')} />
      ) : query.error ? (
        <Alert type="error" showIcon message={t('shell.loadFailed', { message: errorText(query.error, t) })} />
      ) : (
        <Skeleton active />
      )}
    </Modal>
  );
}
