import { DeleteOutlined, PictureOutlined, PlusOutlined, UploadOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { AD_DESCRIPTION_MAX, AD_FORMATS, AD_HEADLINE_MAX, IMAGE_FORMATS, IMAGE_UPLOAD_PATH, MAX_ADS_PER_GROUP, VIDEO_FORMATS, type AdFormat } from '@ads/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { errorDetails, isApiError } from '../../../shared/api-client';
import { queryKeys } from '../../../shared/data/query-keys';
import { apiErrorText } from '../../../shared/format';
import { AdPreview } from './ad-preview';
import { emptyAd, fieldId, type AdForm, type CreativePreview } from './form-model';
import { problemText } from './problem-text';
import { Panel } from './panel';
import { Field, useWizard } from './wizard-context';
import { Button } from '../../../shared/ui/button';
import { Space } from '../../../shared/ui/space';
import { Alert } from '../../../shared/ui/alert';
import { Input } from '../../../shared/ui/input';
import { Radio } from '../../../shared/ui/radio';
import { TextInput } from '../../../shared/ui/text-input';

const CreativePicker = lazy(() => import('./creative-picker'));
// The libraries' uploads (checks, progress, chunks) load when a file is chosen: the wizard stays small.
const loadImageUpload = () => import('../../asset-library');
const loadVideoUpload = () => import('../../video-library');
const ACCEPT: Record<AdFormat, string> = {
  image: IMAGE_FORMATS.map((format) => `image/${format}`).join(','),
  video: VIDEO_FORMATS.map((format) => `video/${format}`).join(','),
};

/** Uploads one file to its library; answers what the ad shows. */
async function uploadCreative(kind: AdFormat, file: File, onProgress: (fraction: number) => void): Promise<CreativePreview | { refused: string }> {
  if (kind === 'image') {
    const { precheckImageFile, uploadImageFile } = await loadImageUpload();
    const refused = precheckImageFile(file);
    if (refused) return { refused };
    const image = await uploadImageFile(IMAGE_UPLOAD_PATH, {}, file, { onProgress });
    return { kind, id: image.id, name: image.name, previewUrl: image.thumbnailUrl };
  }
  const { precheckVideo, runChunkedUpload, apiTransport, sessionResumeStore } = await loadVideoUpload();
  const refused = precheckVideo(file);
  if (refused) return { refused };
  const video = await runChunkedUpload({
    file,
    seriesId: null,
    transport: apiTransport,
    store: sessionResumeStore,
    onProgress: (sent, total) => total > 0 && onProgress(sent / total),
  });
  return { kind, id: video.id, name: video.name, previewUrl: video.posterUrl };
}

/** The creative of one ad: picked from its library or (images) uploaded here. */
function CreativeField({ group, index, ad }: { group: number; index: number; ad: AdForm }) {
  const { t } = useTranslation();
  const { patchAd } = useWizard();
  const queryClient = useQueryClient();
  const [picking, setPicking] = useState<AdFormat | null>(null);
  const [upload, setUpload] = useState<{ name: string; percent: number } | null>(null);
  const [note, setNote] = useState<{ type: 'error' | 'info'; text: string } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const path = `adGroups.${group}.ads.${index}`;
  const format = ad.format ?? 'image';
  const creative = format === 'video' ? ad.video : ad.image;
  const creativePath = `${path}.${format === 'video' ? 'videoId' : 'imageId'}`;

  const pick = (chosen: CreativePreview) => {
    patchAd(group, index, chosen.kind === 'video' ? { video: chosen } : { image: chosen }, [creativePath]);
    setPicking(null);
    setNote(null);
  };

  const uploadFile = async (file: File) => {
    setNote(null);
    setUpload({ name: file.name, percent: 0 });
    try {
      const answer = await uploadCreative(format, file, (fraction) => setUpload({ name: file.name, percent: Math.round(fraction * 100) }));
      if ('refused' in answer) setNote({ type: 'error', text: t('campaigns.wizard.ads.uploadFailed', { reason: t(`campaigns.wizard.errors.${answer.refused}`) }) });
      else pick(answer);
    } catch (error) {
      const existing = errorDetails(error, 'IMAGE_DUPLICATE')?.existing ?? errorDetails(error, 'VIDEO_DUPLICATE')?.existing;
      if (existing && !existing.inRecycleBin) {
        pick({ kind: format, id: existing.id, name: existing.name, previewUrl: null });
        setNote({ type: 'info', text: t('campaigns.wizard.ads.uploadDuplicate') });
      } else {
        const reason = isApiError(error) ? apiErrorText(t, error, 'campaigns.wizard.errors') : t('campaigns.wizard.errors.generic');
        setNote({ type: 'error', text: t('campaigns.wizard.ads.uploadFailed', { reason }) });
      }
    } finally {
      setUpload(null);
      void queryClient.invalidateQueries({ queryKey: format === 'video' ? queryKeys.videoItems : queryKeys.images });
    }
  };

  return (
    <Field path={creativePath} label={t('campaigns.wizard.ads.creative')}>
      <div className="wizard-creative" id={fieldId(creativePath)} tabIndex={-1}>
        <span className="wizard-creative-name">{creative ? creative.name : <span className="wizard-muted">{t('campaigns.wizard.ads.noCreative')}</span>}</span>
        <Space wrap>
          <Button icon={format === 'video' ? <VideoCameraOutlined /> : <PictureOutlined />} onClick={() => setPicking(format)}>
            {t(format === 'video' ? 'campaigns.wizard.ads.chooseVideo' : 'campaigns.wizard.ads.chooseImage')}
          </Button>
          <Button icon={<UploadOutlined />} loading={upload !== null} onClick={() => input.current?.click()}>
            {t(format === 'video' ? 'campaigns.wizard.ads.uploadVideo' : 'campaigns.wizard.ads.uploadImage')}
          </Button>
          <input
            ref={input}
            type="file"
            hidden
            accept={ACCEPT[format]}
            aria-label={t(format === 'video' ? 'campaigns.wizard.ads.uploadVideo' : 'campaigns.wizard.ads.uploadImage')}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void uploadFile(file);
            }}
          />
        </Space>
        {upload && <span className="wizard-muted" role="status">{t('campaigns.wizard.ads.uploading', { name: upload.name })} {upload.percent}%</span>}
        {note && <Alert className="wizard-inline-alert" type={note.type} showIcon title={note.text} />}
      </div>
      {picking && (
        <Suspense fallback={null}>
          <CreativePicker kind={picking} onPick={pick} onClose={() => setPicking(null)} />
        </Suspense>
      )}
    </Field>
  );
}

/** A problem of a group's ads as a whole ("at least one ad"), where its ads are listed. */
function GroupAdsError({ group }: { group: number }) {
  const { t } = useTranslation();
  const { errors, money } = useWizard();
  const path = `adGroups.${group}.ads`;
  return errors[path] ? (
    <div className="wizard-group-error ant-form-item-explain-error" id={fieldId(path)} tabIndex={-1} data-field-error={path}>
      {problemText(t, errors[path], money)}
    </div>
  ) : null;
}

export function AdsStep() {
  const { t } = useTranslation();
  const { form, patchGroup, patchAd } = useWizard();
  return (
    <div className="wizard-step">
      {form.adGroups.map((group, g) => (
        <section key={group.key} className="wizard-ad-group" aria-label={t('campaigns.wizard.ads.groupAds', { name: group.name || t('campaigns.wizard.targeting.adGroup', { n: g + 1 }) })}>
          <h3 className="wizard-section">{t('campaigns.wizard.ads.groupAds', { name: group.name || t('campaigns.wizard.targeting.adGroup', { n: g + 1 }) })}</h3>
          <GroupAdsError group={g} />
          <div className="wizard-ads">
              {group.ads.map((ad, a) => {
                const path = `adGroups.${g}.ads.${a}`;
                return (
                  <Panel
                    key={ad.key}
                    title={t('campaigns.wizard.ads.ad', { n: a + 1 })}
                    extra={
                      <Button type="text" danger icon={<DeleteOutlined />} onClick={() => patchGroup(g, { ads: group.ads.filter((_, i) => i !== a) }, [`adGroups.${g}.ads`])}>
                        {t('campaigns.wizard.ads.remove')}
                      </Button>
                    }
                  >
                    {ad.rejection && <Alert className="wizard-inline-alert" type="error" showIcon title={t('campaigns.wizard.ads.rejected', { reason: ad.rejection })} />}
                    <div className="wizard-ad">
                      <div className="wizard-ad-fields">
                        <Field path={`${path}.format`} label={t('campaigns.wizard.ads.format')}>
                          <Radio.Group
                            id={fieldId(`${path}.format`)}
                            value={ad.format}
                            optionType="button"
                            options={AD_FORMATS.map((format) => ({ value: format, label: t(`campaigns.wizard.ads.formats.${format}`) }))}
                            onChange={(event) => patchAd(g, a, { format: event.target.value }, [`${path}.format`, `${path}.imageId`, `${path}.videoId`])}
                          />
                        </Field>
                        <CreativeField group={g} index={a} ad={ad} />
                        <Field path={`${path}.headline`} label={t('campaigns.wizard.ads.headline')}>
                          <Input id={fieldId(`${path}.headline`)} value={ad.headline} maxLength={AD_HEADLINE_MAX} showCount onChange={(event) => patchAd(g, a, { headline: event.target.value }, [`${path}.headline`])} />
                        </Field>
                        <Field path={`${path}.description`} label={t('campaigns.wizard.ads.description')}>
                          <Input.TextArea
                            id={fieldId(`${path}.description`)}
                            value={ad.description}
                            maxLength={AD_DESCRIPTION_MAX}
                            showCount
                            autoSize={{ minRows: 2, maxRows: 4 }}
                            onChange={(event) => patchAd(g, a, { description: event.target.value }, [`${path}.description`])}
                          />
                        </Field>
                        <Field path={`${path}.landingUrl`} label={t('campaigns.wizard.ads.landingUrl')}>
                          <TextInput
                            id={fieldId(`${path}.landingUrl`)}
                            type="url"
                            inputMode="url"
                            value={ad.landingUrl}
                            placeholder={t('campaigns.wizard.ads.landingPlaceholder')}
                            onChange={(event) => patchAd(g, a, { landingUrl: event.target.value }, [`${path}.landingUrl`])}
                          />
                        </Field>
                      </div>
                      <AdPreview ad={ad} />
                    </div>
                  </Panel>
                );
              })}
          </div>
          {group.ads.length < MAX_ADS_PER_GROUP && (
            <Button icon={<PlusOutlined />} onClick={() => patchGroup(g, { ads: [...group.ads, emptyAd()] }, [`adGroups.${g}.ads`])}>
              {t('campaigns.wizard.ads.add')}
            </Button>
          )}
        </section>
      ))}
    </div>
  );
}
