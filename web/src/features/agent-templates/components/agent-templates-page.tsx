import { AGENT_TEMPLATE_CATEGORIES, type AgentTemplate } from '@app/contracts';
import { splitRequiredFields } from '@app/contracts';
import {
  Badge,
  Box,
  Button,
  Card,
  Flex,
  Heading,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { IconType } from 'react-icons';
import { LuBot, LuCircleHelp, LuHeadphones, LuLightbulb, LuPlus, LuRotateCcw, LuShoppingCart, LuTrash2, LuWrench } from 'react-icons/lu';

import { FormField } from '@/components/form/form-field';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormModal } from '@/components/ui/form-modal';
import { saveAndClose } from '@/components/ui/save-and-close';
import { toastError, toastSuccess } from '@/components/ui/toaster';

import { useAgentTemplates, useDeleteAgentTemplate, useSaveAgentTemplate } from '../api/agent-templates';
import {
  cardDescription,
  DEFAULT_BASE_PROMPT,
  fieldLabel,
  templateFormDefaults,
  templateFormSchema,
  type TemplateFormValues,
  toTemplateBody,
} from '../utils/template-form';

/** Each category's icon and colour (spec 3 section 2); any other category gets the default ones. */
export const CATEGORY_LOOK: Record<string, { icon: IconType; palette: string }> = {
  vendas: { icon: LuShoppingCart, palette: 'green' },
  atendimento: { icon: LuHeadphones, palette: 'blue' },
  faq: { icon: LuCircleHelp, palette: 'purple' },
  consultoria: { icon: LuLightbulb, palette: 'orange' },
  suporte: { icon: LuWrench, palette: 'red' },
};
const DEFAULT_LOOK = { icon: LuBot, palette: 'gray' };

/** /agent-templates (super users): the grid of templates, the create/edit dialog and the delete confirmation. */
export function AgentTemplatesPage() {
  const { t } = useTranslation();
  const templates = useAgentTemplates();
  const remove = useDeleteAgentTemplate();
  const [editing, setEditing] = useState<AgentTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AgentTemplate | null>(null);

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toastSuccess(t('agentTemplates.toasts.deleted'));
      setDeleting(null);
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <Stack gap="4" data-testid="agent-templates-page">
      <Flex justify="space-between" align="center">
        <Heading as="h1" size="xl">
          {t('agentTemplates.title')}
        </Heading>
        <Button colorPalette="blue" onClick={() => setEditing('new')} data-testid="agent-template-new">
          <LuPlus /> {t('agentTemplates.new')}
        </Button>
      </Flex>
      {templates.isLoading ? (
        <Spinner />
      ) : !templates.data?.length ? (
        <Box textAlign="center" py="10">
          <Text fontWeight="semibold">{t('agentTemplates.empty')}</Text>
          <Text color="fg.muted">{t('agentTemplates.emptyHint')}</Text>
        </Box>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
          {templates.data.map((template) => (
            <TemplateCard
              key={template.id}
              template={template}
              onEdit={() => setEditing(template)}
              onDelete={() => setDeleting(template)}
            />
          ))}
        </SimpleGrid>
      )}
      {editing && <TemplateDialog template={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('agentTemplates.deleteTitle')}
        message={t('agentTemplates.deleteMessage', { name: deleting?.name ?? '' })}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
        confirmTestId="agent-template-delete-confirm"
      />
    </Stack>
  );
}

function TemplateCard({ template, onEdit, onDelete }: { template: AgentTemplate; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const look = CATEGORY_LOOK[template.category] ?? DEFAULT_LOOK;
  const Icon = look.icon;
  const shown = template.requiredFields.slice(0, 3);
  const more = template.requiredFields.length - shown.length;
  return (
    <Card.Root data-testid={`agent-template-${template.id}`}>
      <Card.Body gap="2">
        <HStack>
          <Box
            color={`${look.palette}.500`}
            data-testid="agent-template-icon"
            data-category={template.category in CATEGORY_LOOK ? template.category : 'default'}
          >
            <Icon size="24" />
          </Box>
          <Heading as="h2" size="md">
            {template.name}
          </Heading>
        </HStack>
        <Badge colorPalette={look.palette} alignSelf="flex-start">
          {template.category}
        </Badge>
        <Text color="fg.muted">{cardDescription(template.description)}</Text>
        <Text fontSize="sm">{t('agentTemplates.requiredCount', { count: template.requiredFields.length })}</Text>
        <HStack wrap="wrap">
          {shown.map((field) => (
            <Badge key={field} variant="outline">
              {fieldLabel(field)}
            </Badge>
          ))}
          {more > 0 && <Badge variant="outline">+{more}</Badge>}
        </HStack>
      </Card.Body>
      <Card.Footer justifyContent="space-between">
        <Button size="sm" variant="outline" onClick={onEdit}>
          {t('agentTemplates.edit')}
        </Button>
        <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={t('agentTemplates.delete')} onClick={onDelete}>
          <LuTrash2 />
        </IconButton>
      </Card.Footer>
    </Card.Root>
  );
}

function TemplateDialog({ template, onClose }: { template: AgentTemplate | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveAgentTemplate();
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors },
  } = useForm<TemplateFormValues>({ resolver: zodResolver(templateFormSchema), defaultValues: templateFormDefaults(template) });
  const chips = splitRequiredFields(watch('requiredFields') ?? '');

  function handleSave(values: TemplateFormValues) {
    return saveAndClose(
      save,
      { id: template?.id, body: toTemplateBody(values) },
      { saved: template ? t('agentTemplates.toasts.updated') : t('agentTemplates.toasts.created'), onClose },
    );
  }

  return (
    <FormModal
      open
      size="lg"
      onClose={onClose}
      title={template ? t('agentTemplates.editTitle') : t('agentTemplates.newTitle')}
      onSubmit={handleSubmit(handleSave)}
      submitting={save.isPending}
      submitLabel={template ? t('agentTemplates.update') : t('agentTemplates.create')}
      submitTestId="agent-template-submit"
      testId="agent-template-dialog"
    >
      <Stack gap="3">
        <FormField label={t('agentTemplates.fields.name')} error={errors.name?.message} required>
          <Input data-testid="agent-template-name" {...register('name')} />
        </FormField>
        <FormField label={t('agentTemplates.fields.category')} error={errors.category?.message} required>
          <NativeSelect.Root>
            <NativeSelect.Field {...register('category')}>
              {AGENT_TEMPLATE_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </NativeSelect.Field>
          </NativeSelect.Root>
        </FormField>
        <FormField label={t('agentTemplates.fields.description')} error={errors.description?.message} required>
          <Textarea rows={2} data-testid="agent-template-description" {...register('description')} />
        </FormField>
        <FormField label={t('agentTemplates.fields.basePrompt')} error={errors.basePrompt?.message} required>
          <Textarea rows={12} data-testid="agent-template-basePrompt" {...register('basePrompt')} />
        </FormField>
        <Button
          size="sm"
          variant="outline"
          alignSelf="flex-start"
          onClick={() => setValue('basePrompt', DEFAULT_BASE_PROMPT, { shouldValidate: true })}
        >
          <LuRotateCcw /> {t('agentTemplates.resetPrompt')}
        </Button>
        <FormField label={t('agentTemplates.fields.requiredFields')} error={errors.requiredFields?.message} required>
          <Input data-testid="agent-template-requiredFields" {...register('requiredFields')} />
        </FormField>
        <HStack wrap="wrap" data-testid="agent-template-field-chips">
          {chips.map((field) => (
            <Badge key={field}>{field}</Badge>
          ))}
        </HStack>
      </Stack>
    </FormModal>
  );
}
