import { Alert, Button, Fieldset, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type Article,
  articleCreateSchema,
  articleUpdateSchema,
  defaultArticleCategory,
  isImageFile,
  ARTICLE_ADMIN_MESSAGES as M,
  type MediaEntry,
  mediaExtension,
  newArticleCriteria,
  type Viewer,
} from '@portico/shared';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import type { ApiError } from '../../../core/api';
import { zodFormErrors } from '../../../core/forms';
import { toast } from '../../../ui/notify';
import { RichTextField } from '../../../ui/RichTextField';
import { MediaManager } from '../../media/index';
import { useArticleCategories } from '../hooks';
import { type ArticleFormValues, initialValues, storedDates, toPayload } from './form-values';
import { useArticleMutations } from './hooks';

const CAROUSEL_TYPES = ['jpg', 'jpeg', 'png'];
type Picker = { kind: 'carousel' } | { kind: 'body'; insert: (src: string, alt: string) => void } | null;

/** "Create New Article" / "Edit Article" (seed 002 sections 2 and 5), validated with the server's own schema. */
export function ArticleForm({
  viewer,
  article,
  onSaved,
  onCancel,
}: {
  viewer: Viewer;
  article: Article | null;
  onSaved: (id: number) => void;
  onCancel: () => void;
}) {
  const isNew = !article;
  const criteria = newArticleCriteria(viewer);
  const { create, update } = useArticleMutations();
  // New articles go to category 1 (brokers) or 10 (seed 002 section 4); its name from `GET api/app/ArticlesCategory/`.
  const categories = useArticleCategories();
  const categoryId = article?.articleCategoryId ?? defaultArticleCategory(viewer);
  const categoryName = categories.data?.find((c) => c.id === categoryId)?.name ?? article?.articleCategory.name ?? '';
  const [picker, setPicker] = useState<Picker>(null);
  const [imageSize, setImageSize] = useState<{ width: number; height: number } | null>(null);
  const form = useForm<ArticleFormValues>({
    initialValues: initialValues(article),
    validate: (values) =>
      zodFormErrors(isNew ? articleCreateSchema() : articleUpdateSchema({ stored: storedDates(article as Article) }), toPayload(values)),
  });

  const submit = form.onSubmit((values) => {
    const payload = toPayload(values);
    const done = {
      onSuccess: (saved: Article) => {
        toast('success', isNew ? M.created : M.updated);
        onSaved(saved.id);
      },
      onError: (error: Error) => {
        const fieldErrors = (error as ApiError).errors ?? [];
        if (fieldErrors.length) form.setErrors(Object.fromEntries(fieldErrors.map((e) => [e.field, e.message])));
        toast('failure', isNew ? M.createFailed(error.message) : M.updateFailed(error.message));
      },
    };
    if (isNew) {
      create.mutate(
        {
          ...payload,
          sourceId: null,
          templateId: null,
          articleCategoryId: categoryId,
          status: 'Approved',
          criteria: JSON.stringify(criteria),
        },
        done,
      );
    } else update.mutate({ id: article.id, form: payload }, done);
  });

  const choose = (entry: MediaEntry) => {
    if (picker?.kind === 'carousel' && entry.url) {
      form.setFieldValue('imageUrl', entry.url);
      setImageSize(null);
    }
    if (picker?.kind === 'body' && entry.url) picker.insert(entry.url, entry.name.replace(/\.[^.]+$/, ''));
    setPicker(null);
  };
  const imageUrl = form.values.imageUrl.trim();

  if (isNew && !criteria) return <Alert color="red" title={M.noArticleCriteria} />;

  return (
    <>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Title" required {...form.getInputProps('title')} />
          <Group grow align="flex-start" wrap="wrap">
            <TextInput label="Author/Byline" {...form.getInputProps('byline')} />
            <TextInput label="Category" value={categoryName} readOnly />
          </Group>
          <Group grow align="flex-start" wrap="wrap">
            <TextInput type="datetime-local" label="Publish On" required {...form.getInputProps('publishOn')} />
            <TextInput
              type="datetime-local"
              label="Expires On"
              required
              description={M.indefiniteGuidance}
              {...form.getInputProps('expiresOn')}
            />
          </Group>
          <Fieldset legend={M.carouselDetails}>
            <Stack gap="sm">
              <Group align="flex-end" wrap="nowrap">
                <TextInput
                  label="Carousel Image"
                  description={M.carouselImageGuidance}
                  style={{ flex: 1 }}
                  {...form.getInputProps('imageUrl')}
                />
                <Button variant="default" leftSection={<IconPhoto size={16} aria-hidden />} onClick={() => setPicker({ kind: 'carousel' })}>
                  Choose Image
                </Button>
              </Group>
              {imageUrl && (
                <Image
                  src={imageUrl}
                  alt="Carousel image preview"
                  w={384}
                  maw="100%"
                  radius="sm"
                  onLoad={(e) => setImageSize({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })}
                />
              )}
              {imageSize && (imageSize.width !== 384 || imageSize.height !== 192) && (
                <Text size="sm" role="status">
                  {M.carouselImageSize(imageSize.width, imageSize.height)}
                </Text>
              )}
              <Group grow align="flex-start" wrap="wrap">
                <TextInput type="datetime-local" label="Promote On" {...form.getInputProps('promoteOn')} />
                <TextInput type="datetime-local" label="Promote End" {...form.getInputProps('promoteEnd')} />
              </Group>
            </Stack>
          </Fieldset>
          <RichTextField
            label="Article Body"
            value={form.values.content}
            error={form.errors.content as string | undefined}
            onChange={(html) => form.setFieldValue('content', html)}
            onPickImage={(insert) => setPicker({ kind: 'body', insert })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
      <MediaManager
        opened={!!picker}
        onClose={() => setPicker(null)}
        canChoose={(entry) =>
          entry.isFile && (picker?.kind === 'carousel' ? CAROUSEL_TYPES.includes(mediaExtension(entry.name)) : isImageFile(entry.name))
        }
        onChoose={choose}
      />
    </>
  );
}
