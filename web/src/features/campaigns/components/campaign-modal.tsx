import { type Campaign, CONTACT_MESSAGE_VARIABLES, MEDIA_UPLOAD_TYPES } from '@app/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Field,
  Fieldset,
  HStack,
  IconButton,
  Input,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LuPaperclip, LuX } from 'react-icons/lu';

import { FormField } from '@/components/form/form-field';
import { MessageVariables } from '@/components/form/message-variables';
import { SelectInput } from '@/components/form/select-input';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormModal } from '@/components/ui/form-modal';
import { saveAndClose } from '@/components/ui/save-and-close';
import { useCompanyTimeZone } from '@/hooks/use-company-time-zone';

import { type CampaignOption, useCampaignOptions } from '../api/get-campaign-options';
import { useCampaignVariables } from '../api/get-campaign-variables';
import { useSaveCampaign } from '../api/save-campaign';
import {
  CAMPAIGN_CONNECTIONS_MAX,
  CAMPAIGN_MESSAGES,
  campaignFormDefaults,
  campaignFormSchema,
  type CampaignFormValues,
  toCampaignBody,
} from '../utils/campaign-form';
import { isCampaignEditable } from '../utils/campaign-status';
import { CampaignTemplatePicker } from './campaign-template-picker';

type CampaignModalProps = {
  /** The campaign to edit (or to look at, when it can no longer change); null adds one. */
  campaign: Campaign | null;
  onClose: () => void;
  /** The moment the edit rule is judged at (tests fix it). */
  now?: Date;
};

type MessageField = `messages.${number}` | `confirmationMessages.${number}`;
const TABS = Array.from({ length: CAMPAIGN_MESSAGES }, (_, index) => index);

/**
 * Adds or edits a campaign (spec 2): name, up to five messages and, with confirmation on, five
 * confirmation messages (one tab per pair, with the variables to insert), up to five connections,
 * the contact list or tag ('Nenhuma'), a file list, the schedule and allowed hours and weekdays, and
 * one attachment. A campaign that may no longer change opens with its fields disabled.
 */
export function CampaignModal({ campaign, onClose, now }: CampaignModalProps) {
  const { t } = useTranslation();
  const timeZone = useCompanyTimeZone();
  const saveMutation = useSaveCampaign();
  const connections = useCampaignOptions('connections');
  const contactLists = useCampaignOptions('contactLists');
  const tags = useCampaignOptions('tags');
  const fileLists = useCampaignOptions('fileLists');
  const variables = useCampaignVariables();
  const readOnly = !isCampaignEditable(campaign, now);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const messageInputs = useRef(new Map<MessageField, HTMLTextAreaElement>());
  /** The attachment change to send with the save: a new file, null to remove the current one. */
  const [media, setMedia] = useState<File | null | undefined>(undefined);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  // Once saved (even if its attachment then failed), the campaign is edited, not created again.
  const [savedId, setSavedId] = useState<number | undefined>(campaign?.id);
  const mediaName = media === undefined ? campaign?.mediaName : media?.name;

  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    setError,
    formState: { errors },
  } = useForm<CampaignFormValues>({ resolver: zodResolver(campaignFormSchema), defaultValues: campaignFormDefaults(campaign, timeZone) });
  const confirmation = useWatch({ control, name: 'confirmation' });
  const chosenConnections = useWatch({ control, name: 'whatsappIds' });
  // The first chosen Cloud API connection: its templates are offered, and the campaign needs one (issue 27).
  const cloudConnectionId =
    chosenConnections.find((id) => connections.data?.some((connection) => connection.id === id && connection.provider === 'cloud')) ?? null;

  const handleSave = (values: CampaignFormValues) => {
    if (cloudConnectionId !== null && !values.template) {
      setError('template', { message: 'campaigns.validation.templateRequired' });
      return;
    }
    return saveAndClose(
      saveMutation,
      { id: savedId, body: toCampaignBody(values), media, onSaved: (saved: { id: number }) => setSavedId(saved.id) },
      { saved: t('campaigns.toasts.saved'), onClose },
    );
  };

  function handleFileChosen(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    // One attachment: a new one replaces the one chosen before.
    if (file) setMedia(file);
  }

  function messageInput(field: MessageField, label: string, testId: string) {
    const registration = register(field);
    const error = field.startsWith('messages') ? errors.messages : errors.confirmationMessages;
    const index = Number(field.split('.')[1]);
    return (
      <FormField label={label} error={error?.[index]?.message} disabled={readOnly}>
        <Textarea
          {...registration}
          ref={(element) => {
            registration.ref(element);
            if (element) messageInputs.current.set(field, element);
            else messageInputs.current.delete(field);
          }}
          rows={4}
          data-testid={testId}
        />
        <MessageVariables
          variables={variableKeys}
          input={() => messageInputs.current.get(field)}
          onInsert={(text) => setValue(field, text, { shouldDirty: true })}
          disabled={readOnly}
          testId={`${testId}-variables`}
        />
      </FormField>
    );
  }

  /** A select of records that load after the form: controlled, so the saved choice shows once its option exists. */
  function lookupSelect(
    name: 'contactListId' | 'tagListId' | 'fileListId',
    options: CampaignOption[] | undefined,
    emptyOption: string,
    testId: string,
  ) {
    return (
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <SelectInput
            ref={field.ref}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            emptyOption={emptyOption}
            options={options}
            data-testid={testId}
          />
        )}
      />
    );
  }

  const variableKeys = variables.data ?? CONTACT_MESSAGE_VARIABLES;
  // A rule of the messages as a whole ('at least one') sits on the array itself, or on its root.
  const arrayError = (error: { message?: string; root?: { message?: string } } | undefined) => error?.root?.message ?? error?.message;
  const messagesError = arrayError(errors.messages) ?? arrayError(errors.confirmationMessages);

  return (
    <FormModal
      open
      onClose={onClose}
      title={readOnly ? t('campaigns.modal.viewTitle') : campaign ? t('campaigns.modal.editTitle') : t('campaigns.modal.addTitle')}
      onSubmit={handleSubmit(handleSave)}
      submitting={saveMutation.isPending}
      submitLabel={campaign ? t('common.save') : t('common.add')}
      cancelLabel={readOnly ? t('campaigns.buttons.close') : undefined}
      submitDisabled={readOnly}
      size="xl"
      testId="campaign-modal"
      submitTestId="campaign-save"
    >
      <Stack gap="4">
        {readOnly && (
          <Alert.Root status="info" data-testid="campaign-read-only">
            <Alert.Indicator />
            <Alert.Title>{t('campaigns.modal.readOnly')}</Alert.Title>
          </Alert.Root>
        )}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label={t('campaigns.fields.name')} error={errors.name?.message} required disabled={readOnly}>
            <Input {...register('name')} autoFocus={!readOnly} data-testid="campaign-name" />
          </FormField>
          <FormField label={t('campaigns.fields.scheduledAt')} error={errors.scheduledAt?.message} disabled={readOnly}>
            <Input type="datetime-local" step={1} {...register('scheduledAt')} data-testid="campaign-scheduled-at" />
            <Text fontSize="xs" color="fg.muted" data-testid="campaign-time-zone">
              {t('campaigns.fields.timeZoneHint', { zone: timeZone })}
            </Text>
          </FormField>
          <FormField label={t('campaigns.fields.contactList')} error={errors.contactListId?.message} disabled={readOnly}>
            {lookupSelect('contactListId', contactLists.data, t('campaigns.selectContactList'), 'campaign-contact-list')}
          </FormField>
          <FormField label={t('campaigns.fields.tagList')} error={errors.tagListId?.message} disabled={readOnly}>
            {lookupSelect('tagListId', tags.data, t('campaigns.none'), 'campaign-tag-list')}
          </FormField>
          <FormField label={t('campaigns.fields.fileList')} error={errors.fileListId?.message} disabled={readOnly}>
            {lookupSelect('fileListId', fileLists.data, t('campaigns.none'), 'campaign-file-list')}
          </FormField>
          <HStack gap="3" align="flex-start">
            <FormField label={t('campaigns.fields.startHour')} error={errors.startHour?.message} disabled={readOnly}>
              <Input type="number" min={0} max={23} {...register('startHour', { valueAsNumber: true })} data-testid="campaign-start-hour" />
            </FormField>
            <FormField label={t('campaigns.fields.endHour')} error={errors.endHour?.message} disabled={readOnly}>
              <Input type="number" min={1} max={24} {...register('endHour', { valueAsNumber: true })} data-testid="campaign-end-hour" />
            </FormField>
          </HStack>
        </SimpleGrid>
        <HStack gap="5" wrap="wrap">
          {(['allowSaturday', 'allowSunday', 'confirmation'] as const).map((name) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field }) => (
                <Checkbox.Root
                  checked={field.value}
                  onCheckedChange={(details) => field.onChange(details.checked === true)}
                  disabled={readOnly}
                  data-testid={`campaign-${name}`}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{t(`campaigns.fields.${name}`)}</Checkbox.Label>
                </Checkbox.Root>
              )}
            />
          ))}
        </HStack>
        <Controller
          control={control}
          name="whatsappIds"
          render={({ field }) => (
            <Fieldset.Root invalid={!!errors.whatsappIds} disabled={readOnly}>
              <Fieldset.Legend>{t('campaigns.fields.whatsapps')}</Fieldset.Legend>
              <HStack gap="4" wrap="wrap" data-testid="campaign-connections">
                {(connections.data ?? []).map((connection) => {
                  const checked = field.value.includes(connection.id);
                  const full = field.value.length >= CAMPAIGN_CONNECTIONS_MAX;
                  return (
                    <Checkbox.Root
                      key={connection.id}
                      checked={checked}
                      disabled={readOnly || (!checked && full)}
                      onCheckedChange={(details) => {
                        // The value now, not the one this row was drawn with: two quick clicks both count.
                        const chosen = getValues('whatsappIds');
                        field.onChange(details.checked === true ? [...chosen, connection.id] : chosen.filter((id) => id !== connection.id));
                      }}
                      data-testid="campaign-connection"
                      data-connection-id={connection.id}
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>{connection.name}</Checkbox.Label>
                    </Checkbox.Root>
                  );
                })}
                {connections.data?.length === 0 && (
                  <Text fontSize="sm" color="fg.muted">
                    {t('campaigns.modal.noConnections')}
                  </Text>
                )}
              </HStack>
              <Fieldset.HelperText>{t('campaigns.modal.connectionsHint', { max: CAMPAIGN_CONNECTIONS_MAX })}</Fieldset.HelperText>
              <Fieldset.ErrorText>
                {errors.whatsappIds?.message ? t(errors.whatsappIds.message as 'validation.required') : undefined}
              </Fieldset.ErrorText>
            </Fieldset.Root>
          )}
        />
        {cloudConnectionId !== null && (
          <Controller
            control={control}
            name="template"
            render={({ field }) => (
              <CampaignTemplatePicker
                connectionId={cloudConnectionId}
                value={field.value}
                onChange={field.onChange}
                variables={variableKeys}
                disabled={readOnly}
                error={errors.template?.message ? t(errors.template.message as 'validation.required') : undefined}
              />
            )}
          />
        )}
        <Stack gap="2">
          {messagesError && (
            <Text fontSize="sm" color="fg.error" data-testid="campaign-messages-error">
              {t(messagesError as 'validation.required')}
            </Text>
          )}
          <Tabs.Root defaultValue="0" size="sm" variant="enclosed" fitted>
            <Tabs.List>
              {TABS.map((index) => (
                <Tabs.Trigger key={index} value={String(index)} data-testid="campaign-message-tab">
                  {t('campaigns.modal.messageTab', { number: index + 1 })}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {TABS.map((index) => (
              <Tabs.Content key={index} value={String(index)}>
                <Stack gap="3">
                  {messageInput(`messages.${index}`, t('campaigns.fields.message', { number: index + 1 }), `campaign-message-${index + 1}`)}
                  {confirmation &&
                    messageInput(
                      `confirmationMessages.${index}`,
                      t('campaigns.fields.confirmationMessage', { number: index + 1 }),
                      `campaign-confirmation-message-${index + 1}`,
                    )}
                </Stack>
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </Stack>
        <Field.Root>
          <Field.Label>{t('campaigns.fields.attachment')}</Field.Label>
          <HStack w="full" gap="2">
            <Text fontSize="sm" flex="1" minW="0" truncate color={mediaName ? undefined : 'fg.muted'} data-testid="campaign-media-name">
              {mediaName || t('campaigns.modal.noAttachment')}
            </Text>
            {mediaName && !readOnly && (
              <IconButton
                size="xs"
                variant="ghost"
                aria-label={t('campaigns.buttons.removeAttachment')}
                title={t('campaigns.buttons.removeAttachment')}
                onClick={() => setConfirmingRemoval(true)}
                data-testid="campaign-media-remove"
              >
                <LuX />
              </IconButton>
            )}
            <Button
              size="xs"
              variant="outline"
              disabled={readOnly}
              onClick={() => fileInput.current?.click()}
              data-testid="campaign-media-attach"
            >
              <LuPaperclip /> {t('campaigns.buttons.attach')}
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept={MEDIA_UPLOAD_TYPES.join(',')}
              hidden
              onChange={handleFileChosen}
              data-testid="campaign-media-input"
            />
          </HStack>
        </Field.Root>
      </Stack>
      <ConfirmDialog
        open={confirmingRemoval}
        title={t('campaigns.modal.confirmRemoveAttachment')}
        testId="campaign-media-confirm"
        confirmTestId="campaign-media-confirm-yes"
        onConfirm={() => {
          setMedia(null);
          setConfirmingRemoval(false);
        }}
        onClose={() => setConfirmingRemoval(false)}
      />
    </FormModal>
  );
}
