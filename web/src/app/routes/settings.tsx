import { Heading, Stack, Tabs } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { meQueryKey } from '@/features/auth/api/get-me';
import { RoleGuard } from '@/features/auth/components/role-guard';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { isSuper } from '@/features/auth/utils/roles';
import { ConfirmPaymentButton } from '@/features/billing/components/confirm-payment-button';
import { PaymentSettingsPanel } from '@/features/billing/components/payment-settings-panel';
import { RevenuePanel } from '@/features/billing/components/revenue-panel';
import { companiesQueryKey } from '@/features/companies/api/get-companies';
import { CompaniesManager } from '@/features/companies/components/companies-manager';
import { CompanyForm } from '@/features/companies/components/company-form';
import { CompanySchedulesForm } from '@/features/companies/components/company-schedules-form';
import { HelpsManager } from '@/features/helps/components/helps-manager';
import { LogosUpload } from '@/features/logos/components/logos-upload';
import { PlansManager } from '@/features/plans/components/plans-manager';
import { companySettingValue, settingsQueryKey, useSettings } from '@/features/settings/api/get-settings';
import { CompanySettingsPanel } from '@/features/settings/components/company-settings-panel';
import { GlobalSettingsPanel } from '@/features/settings/components/global-settings-panel';
import { useSettingsRealtime } from '@/features/settings/hooks/use-settings-realtime';

/**
 * /settings (admins): Options always; Schedules when scheduleType is 'company'; Logo, Companies, New
 * Company, Plans and Help for super users. Switching tabs reloads company data, settings and the user.
 */
export function SettingsRoute() {
  const { t } = useTranslation();
  return (
    <Stack gap="4" data-testid="settings-page">
      <Heading as="h1" size="xl">
        {t('settings.title')}
      </Heading>
      <RoleGuard role="admin">
        <SettingsTabs />
      </RoleGuard>
    </Stack>
  );
}

function SettingsTabs() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const settingsQuery = useSettings();
  const [tab, setTab] = useState('options');
  const superUser = isSuper(user);
  const companySchedules = companySettingValue(settingsQuery.data, 'scheduleType') === 'company';
  useSettingsRealtime(user?.companyId);

  function handleTabChange(details: { value: string }) {
    setTab(details.value);
    void queryClient.invalidateQueries({ queryKey: settingsQueryKey });
    void queryClient.invalidateQueries({ queryKey: companiesQueryKey });
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
  }

  if (!user) return null;

  return (
    <Tabs.Root value={tab} onValueChange={handleTabChange} lazyMount unmountOnExit variant="line">
      <Tabs.List flexWrap="wrap">
        <Tabs.Trigger value="options">{t('settings.tabs.options')}</Tabs.Trigger>
        {companySchedules && <Tabs.Trigger value="schedules">{t('settings.tabs.schedules')}</Tabs.Trigger>}
        {superUser && (
          <>
            <Tabs.Trigger value="logo">{t('settings.tabs.logo')}</Tabs.Trigger>
            <Tabs.Trigger value="companies" data-testid="settings-tab-companies">
              {t('settings.tabs.companies')}
            </Tabs.Trigger>
            <Tabs.Trigger value="newCompany">{t('settings.tabs.newCompany')}</Tabs.Trigger>
            <Tabs.Trigger value="plans" data-testid="settings-tab-plans">
              {t('settings.tabs.plans')}
            </Tabs.Trigger>
            <Tabs.Trigger value="helps">{t('settings.tabs.helps')}</Tabs.Trigger>
            <Tabs.Trigger value="revenue" data-testid="settings-tab-revenue">
              {t('settings.tabs.revenue')}
            </Tabs.Trigger>
          </>
        )}
      </Tabs.List>
      <Tabs.Content value="options">
        <Stack gap="8">
          <CompanySettingsPanel isSuper={superUser} />
          {superUser && <PaymentSettingsPanel />}
          {superUser && <GlobalSettingsPanel />}
        </Stack>
      </Tabs.Content>
      {companySchedules && (
        <Tabs.Content value="schedules">
          <CompanySchedulesForm companyId={user.companyId} />
        </Tabs.Content>
      )}
      {superUser && (
        <>
          <Tabs.Content value="logo">
            <RoleGuard role="super" deniedMessage={t('logos.noPermission')}>
              <LogosUpload />
            </RoleGuard>
          </Tabs.Content>
          <Tabs.Content value="companies">
            <CompaniesManager rowExtra={(company) => <ConfirmPaymentButton companyId={company.id} companyName={company.name} />} />
          </Tabs.Content>
          <Tabs.Content value="newCompany">
            <CompanyForm company={null} onSaved={() => setTab('companies')} />
          </Tabs.Content>
          <Tabs.Content value="plans">
            <PlansManager />
          </Tabs.Content>
          <Tabs.Content value="helps">
            <HelpsManager />
          </Tabs.Content>
          <Tabs.Content value="revenue">
            <RevenuePanel />
          </Tabs.Content>
        </>
      )}
    </Tabs.Root>
  );
}
