import { type ApiMediaFile, TRANSCRIBE_PROVIDERS } from '@app/contracts';
import {
  Badge,
  Box,
  Button,
  Checkbox,
  Field,
  HStack,
  Icon,
  IconButton,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  Wrap,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useId, useRef, useState } from 'react';
import { type Control, Controller, type FieldValues, type Path, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LuChevronDown, LuImage, LuImageOff, LuTrash2, LuTriangleAlert, LuUpload, LuVideo, LuX } from 'react-icons/lu';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toastError, toastSuccess } from '@/components/ui/toaster';
import { isApiError } from '@/lib/api-client';

import { useDeleteApiMedia } from '../api/delete-api-media';
import { useApiMedias } from '../api/get-api-medias';
import { useUpdateConnection } from '../api/update-connection';
import { useUploadApiMedia } from '../api/upload-api-media';
import type { Connection, ConnectionQueue } from '../types';
import {
  API_MEDIA_FIELDS,
  type ApiMediaField,
  apiMediaPositions,
  changedSettings,
  generalSettingsOf,
  generalSettingsSchema,
  generalSettingsUpdate,
  type GeneralSettingsValues,
  isApiMediaFile,
  queueSettingsOf,
  queueSettingsSchema,
  queueSettingsUpdate,
  type QueueSettingsValues,
  transcriptionSettingsOf,
  transcriptionSettingsSchema,
  transcriptionSettingsUpdate,
  type TranscriptionSettingsValues,
} from '../utils/connection-settings';

/** Spec section 9: up to 6 agent chips per connection. */
export const AGENT_CHIPS_SHOWN = 6;

type MessageKey = 'connections.validation.required';

type ConnectionSettingsProps = {
  connection: Connection;
  /** The company's queues; those linked to an AI agent are the connection's agents. */
  queues: readonly ConnectionQueue[];
};

/**
 * The card's settings (spec 1 section 2, Connections): its active agents, and panels for the queue
 * selection and greeting, transcription, general settings and the API media. Each panel saves only
 * the fields that changed, and nothing when none did.
 */
export function ConnectionSettings({ connection, queues }: ConnectionSettingsProps) {
  const { t } = useTranslation();
  const agents = queues.filter((queue) => queue.agentId != null && connection.queueIds.includes(queue.id));
  return (
    <Stack gap="2">
      {agents.length > 0 && (
        <Stack gap="1" data-testid="connection-agents">
          <Text fontSize="xs" color="fg.muted">
            {t('connections.card.agents')}
          </Text>
          <Wrap gap="1">
            {agents.slice(0, AGENT_CHIPS_SHOWN).map((agent) => (
              <Badge key={agent.id} size="sm" variant="subtle" colorPalette="purple" data-testid="connection-agent">
                {agent.name}
              </Badge>
            ))}
            {agents.length > AGENT_CHIPS_SHOWN && (
              <Badge size="sm" variant="outline" data-testid="connection-agents-more">
                +{agents.length - AGENT_CHIPS_SHOWN}
              </Badge>
            )}
          </Wrap>
        </Stack>
      )}
      <Box>
        <SettingsItem value="queues" title={t('connections.settings.queuesTitle')}>
          <QueueSettings key={JSON.stringify(queueSettingsOf(connection))} connection={connection} queues={queues} />
        </SettingsItem>
        <SettingsItem value="transcription" title={t('connections.settings.transcriptionTitle')}>
          <TranscriptionSettings key={JSON.stringify(transcriptionSettingsOf(connection))} connection={connection} />
        </SettingsItem>
        <SettingsItem value="general" title={t('connections.settings.generalTitle')}>
          <GeneralSettings key={JSON.stringify(generalSettingsOf(connection))} connection={connection} />
        </SettingsItem>
        <SettingsItem value="apiMedia" title={t('connections.settings.apiMediaTitle')}>
          <ApiMediaSettings connection={connection} />
        </SettingsItem>
      </Box>
    </Stack>
  );
}

/** A panel that opens under its title; its form mounts when opened. */
function SettingsItem({ value, title, children }: { value: string; title: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const contentId = useId();
  return (
    <Box borderTopWidth="1px" data-testid={`connection-settings-${value}`}>
      <Button
        variant="ghost"
        size="sm"
        width="full"
        justifyContent="space-between"
        px="1"
        aria-expanded={open}
        aria-controls={contentId}
        onClick={() => setOpen((current) => !current)}
        data-testid={`connection-settings-${value}-toggle`}
      >
        {title}
        <Icon as={LuChevronDown} transform={open ? 'rotate(180deg)' : undefined} transition="transform 0.2s" />
      </Button>
      {open && (
        <Box id={contentId} px="1" pt="1" pb="3">
          {children}
        </Box>
      )}
    </Box>
  );
}

/** Saves a panel's changes; nothing is sent when nothing changed. A failure is toasted by the query client. */
function useSaveSettings(connection: Connection) {
  const { t } = useTranslation();
  const mutation = useUpdateConnection();
  async function save(changes: ReturnType<typeof changedSettings>) {
    if (!changes) {
      toastSuccess(t('connections.toasts.nothingChanged'));
      return;
    }
    await mutation.mutateAsync({ id: connection.id, changes });
    toastSuccess(t('connections.toasts.saved'));
  }
  return { save, saving: mutation.isPending };
}

function SaveButton({ saving, testId }: { saving: boolean; testId: string }) {
  const { t } = useTranslation();
  return (
    <HStack justify="flex-end">
      <Button type="submit" size="xs" colorPalette="brand" loading={saving} data-testid={testId}>
        {t('connections.buttons.save')}
      </Button>
    </HStack>
  );
}

function SwitchField<T extends FieldValues>({ control, name, label }: { control: Control<T>; name: Path<T>; label: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch.Root
          size="sm"
          name={field.name}
          checked={!!field.value}
          onCheckedChange={(details) => field.onChange(details.checked)}
          data-testid={`connection-setting-${field.name}`}
        >
          <Switch.HiddenInput onBlur={field.onBlur} />
          <Switch.Control />
          <Switch.Label>{label}</Switch.Label>
        </Switch.Root>
      )}
    />
  );
}

function QueueSettings({ connection, queues }: { connection: Connection; queues: readonly ConnectionQueue[] }) {
  const { t } = useTranslation();
  const { save, saving } = useSaveSettings(connection);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<QueueSettingsValues>({ resolver: zodResolver(queueSettingsSchema), defaultValues: queueSettingsOf(connection) });
  const selectQueues = useWatch({ control, name: 'selectQueues' });
  const queueIds = useWatch({ control, name: 'queueIds' });

  async function handleSave(values: QueueSettingsValues) {
    try {
      await save(queueSettingsUpdate(connection, values));
    } catch (error) {
      if (isApiError(error) && error.code === 'ERR_WAPP_GREETING_REQUIRED') {
        setError('greetingMessage', { message: 'connections.validation.greetingRequired' });
      }
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(handleSave)} data-testid="connection-queue-settings">
      <Stack gap="3">
        <SwitchField control={control} name="selectQueues" label={t('connections.modal.selectQueues')} />
        {selectQueues && (
          <Controller
            control={control}
            name="queueIds"
            render={({ field }) => (
              <Stack gap="1" role="group" aria-label={t('connections.modal.queues')}>
                {queues.length === 0 && (
                  <Text fontSize="sm" color="fg.muted">
                    {t('connections.modal.noQueues')}
                  </Text>
                )}
                {queues.map((queue) => (
                  <Checkbox.Root
                    key={queue.id}
                    size="sm"
                    checked={field.value.includes(queue.id)}
                    onCheckedChange={(details) =>
                      field.onChange(details.checked ? [...field.value, queue.id] : field.value.filter((id) => id !== queue.id))
                    }
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{queue.name}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </Stack>
            )}
          />
        )}
        <Field.Root invalid={!!errors.greetingMessage} disabled={!(selectQueues && queueIds.length > 1)}>
          <Field.Label>{t('connections.modal.greetingMessage')}</Field.Label>
          <Textarea {...register('greetingMessage')} size="sm" rows={2} autoresize data-testid="connection-setting-greetingMessage" />
          <Field.HelperText>{t('connections.modal.greetingHint')}</Field.HelperText>
          {errors.greetingMessage?.message && <Field.ErrorText>{t(errors.greetingMessage.message as MessageKey)}</Field.ErrorText>}
        </Field.Root>
        <SaveButton saving={saving} testId="connection-queue-settings-save" />
      </Stack>
    </form>
  );
}

function TranscriptionSettings({ connection }: { connection: Connection }) {
  const { t } = useTranslation();
  const { save, saving } = useSaveSettings(connection);
  const { register, control, handleSubmit } = useForm<TranscriptionSettingsValues>({
    resolver: zodResolver(transcriptionSettingsSchema),
    defaultValues: transcriptionSettingsOf(connection),
  });

  async function handleSave(values: TranscriptionSettingsValues) {
    try {
      await save(transcriptionSettingsUpdate(connection, values));
    } catch {
      // shown by the query client
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(handleSave)} data-testid="connection-transcription-settings">
      <Stack gap="3">
        <SwitchField control={control} name="activeTranscribe" label={t('connections.modal.activeTranscribe')} />
        <SwitchField control={control} name="transcribe" label={t('connections.settings.transcribe')} />
        <SwitchField control={control} name="transcribeme" label={t('connections.settings.transcribeme')} />
        <SwitchField control={control} name="sendme" label={t('connections.settings.sendme')} />
        <Field.Root>
          <Field.Label>{t('connections.settings.transcribeprovider')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field {...register('transcribeprovider')} data-testid="connection-setting-transcribeprovider">
              {TRANSCRIBE_PROVIDERS.map((provider) => (
                <option key={provider} value={provider}>
                  {t(`connections.transcribeProviders.${provider}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('connections.modal.transcribekey')}</Field.Label>
          <Input
            {...register('transcribekey')}
            size="sm"
            type="password"
            autoComplete="off"
            data-testid="connection-setting-transcribekey"
          />
        </Field.Root>
        <SaveButton saving={saving} testId="connection-transcription-settings-save" />
      </Stack>
    </form>
  );
}

const GENERAL_MESSAGES = ['complationMessage', 'outOfHoursMessage', 'ratingMessage', 'expiresInactiveMessage'] as const;
const GENERAL_NUMBERS = ['expiresTicket', 'timeUseBotQueues', 'maxUseBotQueues', 'timeforagroup'] as const;

function GeneralSettings({ connection }: { connection: Connection }) {
  const { t } = useTranslation();
  const { save, saving } = useSaveSettings(connection);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<GeneralSettingsValues>({ resolver: zodResolver(generalSettingsSchema), defaultValues: generalSettingsOf(connection) });

  async function handleSave(values: GeneralSettingsValues) {
    try {
      await save(generalSettingsUpdate(connection, values));
    } catch {
      // shown by the query client
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(handleSave)} data-testid="connection-general-settings">
      <Stack gap="3">
        <SimpleGrid columns={2} gap="2">
          {GENERAL_NUMBERS.map((name) => (
            <Field.Root key={name} invalid={!!errors[name]}>
              <Field.Label fontSize="xs">{t(`connections.settings.${name}`)}</Field.Label>
              <Input {...register(name)} size="sm" inputMode="numeric" data-testid={`connection-setting-${name}`} />
              {errors[name]?.message && <Field.ErrorText>{t(errors[name].message as MessageKey)}</Field.ErrorText>}
            </Field.Root>
          ))}
        </SimpleGrid>
        {GENERAL_MESSAGES.map((name) => (
          <Field.Root key={name} invalid={!!errors[name]}>
            <Field.Label fontSize="xs">{t(`connections.settings.${name}`)}</Field.Label>
            <Textarea {...register(name)} size="sm" rows={2} autoresize data-testid={`connection-setting-${name}`} />
            {errors[name]?.message && <Field.ErrorText>{t(errors[name].message as MessageKey)}</Field.ErrorText>}
          </Field.Root>
        ))}
        <SaveButton saving={saving} testId="connection-general-settings-save" />
      </Stack>
    </form>
  );
}

/** Three APIs with three positions each; a position holds an uploaded image or video, by its name. Each change is saved at once. */
function ApiMediaSettings({ connection }: { connection: Connection }) {
  const { t } = useTranslation();
  const { save, saving } = useSaveSettings(connection);
  const upload = useUploadApiMedia();
  const uploads = useApiMedias();
  const input = useRef<HTMLInputElement | null>(null);
  const target = useRef<{ field: ApiMediaField; position: number } | null>(null);
  const files = uploads.data ?? [];
  const byName = new Map(files.map((file) => [file.name, file]));

  async function setPosition(field: ApiMediaField, position: number, name: string | null) {
    target.current = { field, position };
    const positions = apiMediaPositions(connection[field]);
    positions[position] = name;
    try {
      await save(changedSettings(connection, { [field]: positions }));
    } catch {
      // shown by the query client
    }
  }

  function handleChoose(field: ApiMediaField, position: number) {
    target.current = { field, position };
    input.current?.click();
  }

  async function handleFile(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    const chosen = target.current;
    if (!file || !chosen) return;
    if (!isApiMediaFile(file)) {
      toastError(t('connections.settings.apiMediaOnlyImagesAndVideos'));
      return;
    }
    try {
      const uploaded = await upload.mutateAsync(file);
      await setPosition(chosen.field, chosen.position, uploaded.name);
    } catch {
      // shown by the query client
    }
  }

  return (
    <Stack gap="3" data-testid="connection-api-media">
      <input ref={input} type="file" accept="image/*,video/*" hidden onChange={handleFile} data-testid="connection-api-media-input" />
      {uploads.isPending && (
        <Text fontSize="xs" color="fg.muted">
          {t('connections.settings.apiMediaLoading')}
        </Text>
      )}
      {API_MEDIA_FIELDS.map((field, apiIndex) => (
        <Stack key={field} gap="1" data-testid={`connection-api-media-${field}`}>
          <Text fontSize="xs" fontWeight="semibold">
            {t('connections.settings.apiMediaApi', { number: apiIndex + 1 })}
          </Text>
          {apiMediaPositions(connection[field]).map((name, position) => (
            <HStack key={position} gap="2" data-testid="connection-api-media-position">
              <Text fontSize="xs" color="fg.muted" flexShrink={0}>
                {t('connections.settings.apiMediaPosition', { number: position + 1 })}
              </Text>
              <ApiMediaTypeIcon name={name} file={name ? byName.get(name) : undefined} loaded={uploads.isSuccess} />
              <NativeSelect.Root size="xs" flex="1" minWidth="0" disabled={saving || upload.isPending}>
                <NativeSelect.Field
                  value={name ?? ''}
                  aria-label={t('connections.settings.apiMediaSelect', { api: apiIndex + 1, position: position + 1 })}
                  onChange={(event) => void setPosition(field, position, event.target.value || null)}
                  data-testid="connection-api-media-name"
                >
                  <option value="">{t('connections.settings.apiMediaEmpty')}</option>
                  {name && !byName.has(name) && <option value={name}>{name}</option>}
                  <ApiMediaOptions label={t('connections.settings.apiMediaImages')} files={files.filter((file) => file.type === 'image')} />
                  <ApiMediaOptions label={t('connections.settings.apiMediaVideos')} files={files.filter((file) => file.type === 'video')} />
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <IconButton
                size="2xs"
                variant="ghost"
                aria-label={t('connections.settings.apiMediaChoose')}
                loading={(upload.isPending || saving) && target.current?.field === field && target.current.position === position}
                onClick={() => handleChoose(field, position)}
                data-testid="connection-api-media-choose"
              >
                <LuUpload />
              </IconButton>
              {name && (
                <IconButton
                  size="2xs"
                  variant="ghost"
                  aria-label={t('connections.settings.apiMediaClear')}
                  onClick={() => void setPosition(field, position, null)}
                  data-testid="connection-api-media-clear"
                >
                  <LuX />
                </IconButton>
              )}
            </HStack>
          ))}
        </Stack>
      ))}
      {files.length > 0 && <UploadedApiMedias files={files} held={new Set(API_MEDIA_FIELDS.flatMap((field) => connection[field]))} />}
    </Stack>
  );
}

/**
 * The company's uploaded API media, each with a delete button. One a position holds (of this or
 * another connection) is refused by the server with where it is used; here the ones this
 * connection holds are marked.
 */
function UploadedApiMedias({ files, held }: { files: readonly ApiMediaFile[]; held: ReadonlySet<string | null> }) {
  const { t } = useTranslation();
  const remove = useDeleteApiMedia();
  const [deleting, setDeleting] = useState<string | null>(null);

  async function handleConfirmDelete() {
    if (deleting === null) return;
    try {
      await remove.mutateAsync(deleting);
      toastSuccess(t('connections.settings.apiMediaDeleted'));
    } catch {
      // shown by the query client
    } finally {
      setDeleting(null);
    }
  }

  return (
    <Stack gap="1" borderTopWidth="1px" pt="2" data-testid="connection-api-media-uploads">
      <Text fontSize="xs" fontWeight="semibold">
        {t('connections.settings.apiMediaUploads')}
      </Text>
      {files.map((file) => (
        <HStack key={file.name} gap="2" data-testid="connection-api-media-upload">
          <Icon
            as={file.type === 'video' ? LuVideo : LuImage}
            boxSize="3.5"
            flexShrink={0}
            color="fg.muted"
            role="img"
            aria-label={file.type === 'video' ? t('connections.settings.apiMediaVideo') : t('connections.settings.apiMediaImage')}
          />
          <Text fontSize="xs" flex="1" minWidth="0" truncate title={file.name}>
            {file.name}
          </Text>
          {held.has(file.name) && (
            <Badge size="xs" colorPalette="green" flexShrink={0} data-testid="connection-api-media-upload-in-use">
              {t('connections.settings.apiMediaInUse')}
            </Badge>
          )}
          <IconButton
            size="2xs"
            variant="ghost"
            colorPalette="red"
            aria-label={t('connections.settings.apiMediaDelete', { name: file.name })}
            loading={remove.isPending && deleting === file.name}
            onClick={() => setDeleting(file.name)}
            data-testid="connection-api-media-delete"
          >
            <LuTrash2 />
          </IconButton>
        </HStack>
      ))}
      <ConfirmDialog
        open={deleting !== null}
        title={t('connections.settings.apiMediaDeleteTitle', { name: deleting ?? '' })}
        message={t('connections.settings.apiMediaDeleteMessage')}
        loading={remove.isPending}
        onConfirm={() => void handleConfirmDelete()}
        onClose={() => setDeleting(null)}
        testId="connection-api-media-delete-dialog"
        confirmTestId="connection-api-media-delete-confirm"
      />
    </Stack>
  );
}

/** The uploads of one type, grouped in the select so each name shows whether it is an image or a video. */
function ApiMediaOptions({ label, files }: { label: string; files: readonly ApiMediaFile[] }) {
  if (files.length === 0) return null;
  return (
    <optgroup label={label}>
      {files.map((file) => (
        <option key={file.name} value={file.name}>
          {file.name}
        </option>
      ))}
    </optgroup>
  );
}

/** The chosen file's type; a warning when the name is no longer among the uploads. */
function ApiMediaTypeIcon({ name, file, loaded }: { name: string | null; file: ApiMediaFile | undefined; loaded: boolean }) {
  const { t } = useTranslation();
  const [icon, label, color] = file
    ? file.type === 'video'
      ? [LuVideo, t('connections.settings.apiMediaVideo'), 'fg.muted']
      : [LuImage, t('connections.settings.apiMediaImage'), 'fg.muted']
    : name && loaded
      ? [LuTriangleAlert, t('connections.settings.apiMediaMissing'), 'fg.warning']
      : [LuImageOff, t('connections.settings.apiMediaEmpty'), 'fg.subtle'];
  return (
    <Icon
      as={icon}
      boxSize="3.5"
      flexShrink={0}
      color={color}
      role="img"
      aria-label={label}
      data-testid="connection-api-media-type"
      data-type={file?.type ?? (name && loaded ? 'missing' : 'none')}
    />
  );
}
