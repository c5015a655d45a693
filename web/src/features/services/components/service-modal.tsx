import type { ServiceRecord } from '@app/contracts';
import { Input, InputGroup, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { FormField } from '@/components/form/form-field';
import { FormModal } from '@/components/ui/form-modal';
import { saveAndClose } from '@/components/ui/save-and-close';

import { useSaveService } from '../api/save-service';
import { serviceFormDefaults, serviceFormSchema, type ServiceFormValues, toServiceBody } from '../utils/service-form';

type ServiceModalProps = {
  /** The service to edit; null adds one. */
  service: ServiceRecord | null;
  onClose: () => void;
};

/** Adds or edits a service: name, description, price (R$), duration (minutes) and additional information. */
export function ServiceModal({ service, onClose }: ServiceModalProps) {
  const { t } = useTranslation();
  const saveMutation = useSaveService();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ServiceFormValues>({ resolver: zodResolver(serviceFormSchema), defaultValues: serviceFormDefaults(service) });

  const handleSave = (values: ServiceFormValues) =>
    saveAndClose(saveMutation, { id: service?.id, body: toServiceBody(values) }, { saved: t('services.toasts.saved'), onClose });

  return (
    <FormModal
      open
      onClose={onClose}
      title={service ? t('services.modal.editTitle') : t('services.modal.addTitle')}
      onSubmit={handleSubmit(handleSave)}
      submitting={saveMutation.isPending}
      submitLabel={service ? t('common.save') : t('common.add')}
      testId="service-modal"
      submitTestId="service-save"
    >
      <Stack gap="4">
        <FormField label={t('services.fields.name')} error={errors.name?.message} required>
          <Input {...register('name')} autoFocus data-testid="service-name" />
        </FormField>
        <FormField label={t('services.fields.description')} error={errors.description?.message}>
          <Textarea {...register('description')} rows={2} data-testid="service-description" />
        </FormField>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <FormField label={t('services.fields.price')} error={errors.price?.message} required>
            <InputGroup startAddon="R$">
              <Input {...register('price')} inputMode="decimal" placeholder="0,00" data-testid="service-price" />
            </InputGroup>
          </FormField>
          <FormField label={t('services.fields.durationMinutes')} error={errors.duration?.message} required>
            <Input {...register('duration')} inputMode="numeric" placeholder="60" data-testid="service-duration" />
          </FormField>
        </SimpleGrid>
        <FormField label={t('services.fields.additionalInfo')} error={errors.additionalInfo?.message}>
          <Textarea {...register('additionalInfo')} rows={3} data-testid="service-additional-info" />
        </FormField>
      </Stack>
    </FormModal>
  );
}
