import type { PromoVideo } from '@bo/contract';
import { addPromoVideoBody } from '@bo/contract/promo-videos';
import {
  Button,
  Group,
  Modal,
  MultiSelect,
  Select,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useGrades } from '../../../lib/curriculum/list-grades.ts';
import {
  focusFirstInvalid,
  liveValidation,
  showFormError,
  validateWith,
} from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useFormDraft } from '../../../lib/use-form-draft.tsx';
import { useVideoSearch } from '../api/search-videos.ts';
import { useAddPromoVideo, useEditPromoVideo } from '../api/write-promo-videos.ts';

interface Values {
  videoId: number | null;
  title: string;
  description: string;
  gradeIds: number[];
}

// The contract's schema checks what the server checks ("Required" for a missing video or title).
const validate = validateWith(addPromoVideoBody);

/** Adds a promo video (a library video picked by title) or edits one. */
export function PromoFormModal({
  promo,
  onClose,
}: {
  promo: PromoVideo | null;
  onClose: () => void;
}) {
  const [search, setSearch] = useState('');
  const videos = useVideoSearch(search.trim());
  const grades = useGrades();
  const add = useAddPromoVideo();
  const edit = useEditPromoVideo();
  const form = useForm<Values>({
    initialValues: {
      videoId: promo?.videoId ?? null,
      title: promo?.title ?? '',
      description: promo?.description ?? '',
      gradeIds: promo?.grades.map((g) => g.id) ?? [],
    },
    validate,
    ...liveValidation,
  });
  const draft = useFormDraft(form, `promo-video:${promo?.id ?? 'new'}`, 'this promo video');
  // The chosen video stays an option while the search shows others.
  const chosen = promo ? [{ value: String(promo.videoId), label: promo.videoTitle }] : [];
  const options = [
    ...chosen,
    ...(videos.data?.items ?? [])
      .filter((v) => !chosen.some((c) => c.value === String(v.id)))
      .map((v) => ({ value: String(v.id), label: v.title })),
  ];

  const submit = form.onSubmit(
    async (v) => {
      const body = {
        videoId: v.videoId!,
        title: v.title,
        description: v.description,
        gradeIds: v.gradeIds,
      };
      try {
        if (promo) await edit.mutateAsync({ id: promo.id, ...body });
        else await add.mutateAsync(body);
        draft.saved();
        notifySuccess(promo ? 'Promo video saved' : 'Promo video added');
        onClose();
      } catch (e) {
        showFormError(form, e);
      }
    },
    (errors) => focusFirstInvalid(errors),
  );

  return (
    <Modal
      opened
      onClose={onClose}
      title={promo ? 'Edit promo video' : 'Add promo video'}
      size="lg"
    >
      {draft.offer}
      <form onSubmit={submit} noValidate>
        <Stack>
          <Select
            label="Video from the media library"
            placeholder="Search videos by title"
            searchable
            withAsterisk
            data={options}
            value={form.values.videoId === null ? null : String(form.values.videoId)}
            onChange={(v) => {
              form.setFieldValue('videoId', v === null ? null : Number(v));
              const picked = options.find((o) => o.value === v);
              if (picked && !form.values.title) form.setFieldValue('title', picked.label);
            }}
            onSearchChange={setSearch}
            filter={({ options: all }) => all}
            nothingFoundMessage={videos.isFetching ? 'Searching…' : 'No video matches'}
            error={form.errors.videoId}
          />
          <TextInput label="Title" withAsterisk {...form.getInputProps('title')} />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            {...form.getInputProps('description')}
          />
          <MultiSelect
            label="Grades"
            description="None: shown to every grade"
            data={(grades.data?.items ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
            value={form.values.gradeIds.map(String)}
            onChange={(v) => form.setFieldValue('gradeIds', v.map(Number))}
            searchable
            clearable
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending || edit.isPending}>
              {promo ? 'Save' : 'Add'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
