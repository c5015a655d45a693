import { type Invoice, type SubscriptionBody, subscriptionBodySchema, type SubscriptionPixResponse } from '@app/contracts';
import { Button, Card, Dialog, HStack, Input, NativeSelect, SimpleGrid, Stack, Steps, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type z } from 'zod';

import { FormField } from '@/components/form/form-field';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { toastError } from '@/components/ui/toaster';

import { formatCents, formatDay } from '../utils/money';
import { PixPayment } from './pix-payment';

const payerSchema = subscriptionBodySchema.pick({
  firstName: true,
  lastName: true,
  address2: true,
  city: true,
  state: true,
  zipcode: true,
  country: true,
});
type PayerValues = z.input<typeof payerSchema>;
const PAYER_FIELDS = ['firstName', 'lastName', 'address2', 'city', 'state', 'zipcode', 'country'] as const;

export type CurrentPlan = { name?: string; users?: number | null; connections?: number | null };

type CheckoutFlowProps = {
  invoice: Invoice;
  plan: CurrentPlan | undefined;
  /** Sends PAGAR (with the session, or with an expired company's checkout pass). */
  pay: (body: SubscriptionBody) => Promise<SubscriptionPixResponse>;
  /** The new due date once the payment is confirmed: the renewal replaces the Pix screen. */
  renewedDueDate: string | null;
  /** Called once the Pix screen is shown (the caller may then watch for the payment). */
  onPixShown?: () => void;
  /** Shown above the steps (why the checkout is offered). */
  intro?: ReactNode;
  title: string;
  testId: string;
  onClose: () => void;
};

/** PAGAR: Dados, Personalizar (the current plan), Revisar; then the Pix screen, and the renewal once the payment is confirmed. */
export function CheckoutFlow({ invoice, plan, pay: send, renewedDueDate, onPixShown, intro, title, testId, onClose }: CheckoutFlowProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [pix, setPix] = useState<SubscriptionPixResponse | null>(null);
  const [paying, setPaying] = useState(false);
  const {
    register,
    trigger,
    getValues,
    formState: { errors },
  } = useForm<PayerValues>({
    resolver: zodResolver(payerSchema),
    defaultValues: { firstName: '', lastName: '', address2: '', city: '', state: '', zipcode: '', country: 'BR' },
  });

  async function next() {
    if (step === 0 && !(await trigger([...PAYER_FIELDS]))) return;
    setStep((current) => Math.min(current + 1, 2));
  }

  async function pay() {
    setPaying(true);
    try {
      setPix(await send({ ...getValues(), invoiceId: invoice.id }));
      onPixShown?.();
    } catch (error) {
      toastError(error);
    } finally {
      setPaying(false);
    }
  }

  const values = getValues();
  const stepTitles = [t('billing.checkout.steps.details'), t('billing.checkout.steps.plan'), t('billing.checkout.steps.review')];

  return (
    <DialogFrame open onOpenChange={({ open }) => !open && onClose()} testId={testId} size="lg">
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        {!renewedDueDate && !pix && intro}
        {renewedDueDate ? (
          <Text data-testid="billing-renewed" fontWeight="semibold">
            {t('billing.checkout.renewed', { dueDate: formatDay(renewedDueDate) })}
          </Text>
        ) : pix ? (
          <PixPayment pix={pix} valueCents={invoice.value} />
        ) : (
          <Stack gap="4">
            <Steps.Root step={step} count={3} size="sm">
              <Steps.List>
                {stepTitles.map((title, index) => (
                  <Steps.Item key={title} index={index}>
                    <Steps.Indicator />
                    <Steps.Title>{title}</Steps.Title>
                    <Steps.Separator />
                  </Steps.Item>
                ))}
              </Steps.List>
            </Steps.Root>
            {step === 0 && (
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="3" data-testid="billing-step-details">
                <FormField label={t('billing.checkout.fields.firstName')} error={errors.firstName?.message} required>
                  <Input {...register('firstName')} data-testid="billing-firstName" />
                </FormField>
                <FormField label={t('billing.checkout.fields.lastName')} error={errors.lastName?.message}>
                  <Input {...register('lastName')} />
                </FormField>
                <FormField label={t('billing.checkout.fields.address')} error={errors.address2?.message} required>
                  <Input {...register('address2')} data-testid="billing-address" />
                </FormField>
                <FormField label={t('billing.checkout.fields.city')} error={errors.city?.message} required>
                  <Input {...register('city')} data-testid="billing-city" />
                </FormField>
                <FormField label={t('billing.checkout.fields.state')} error={errors.state?.message}>
                  <Input {...register('state')} />
                </FormField>
                <FormField label={t('billing.checkout.fields.zipcode')} error={errors.zipcode?.message} required>
                  <Input {...register('zipcode')} data-testid="billing-zipcode" />
                </FormField>
                <FormField label={t('billing.checkout.fields.country')} error={errors.country?.message} required>
                  <NativeSelect.Root>
                    <NativeSelect.Field {...register('country')}>
                      <option value="BR">{t('billing.checkout.countries.BR')}</option>
                      <option value="usa">{t('billing.checkout.countries.usa')}</option>
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </FormField>
              </SimpleGrid>
            )}
            {step === 1 && (
              <Card.Root data-testid="billing-step-plan">
                <Card.Header>
                  <Card.Title>{plan?.name ?? invoice.detail}</Card.Title>
                </Card.Header>
                <Card.Body>
                  {plan?.users != null && <Text>{t('billing.checkout.planUsers', { count: plan.users })}</Text>}
                  {plan?.connections != null && <Text>{t('billing.checkout.planConnections', { count: plan.connections })}</Text>}
                  <Text fontWeight="semibold">{formatCents(invoice.value)}</Text>
                </Card.Body>
              </Card.Root>
            )}
            {step === 2 && (
              <Stack gap="1" data-testid="billing-step-review">
                <Text>{`${values.firstName} ${values.lastName ?? ''}`.trim()}</Text>
                <Text>{[values.address2, values.city, values.state, values.zipcode].filter(Boolean).join(', ')}</Text>
                <Text>{invoice.detail}</Text>
                <Text fontWeight="semibold">{t('billing.pix.total', { value: formatCents(invoice.value) })}</Text>
              </Stack>
            )}
          </Stack>
        )}
      </Dialog.Body>
      {!pix && !renewedDueDate && (
        <Dialog.Footer>
          <HStack>
            {step > 0 && (
              <Button variant="outline" onClick={() => setStep((current) => current - 1)} data-testid="billing-back">
                {t('billing.checkout.back')}
              </Button>
            )}
            {step < 2 ? (
              <Button onClick={() => void next()} data-testid="billing-next">
                {t('billing.checkout.next')}
              </Button>
            ) : (
              <Button onClick={() => void pay()} loading={paying} data-testid="billing-pay">
                {t('billing.checkout.pay')}
              </Button>
            )}
          </HStack>
        </Dialog.Footer>
      )}
    </DialogFrame>
  );
}
