import { useTranslation } from 'react-i18next';

import { AgentTemplatesPage } from '@/features/agent-templates/components/agent-templates-page';
import { RoleGuard } from '@/features/auth/components/role-guard';

/** /agent-templates (spec 3): super users only; anyone else reads 'Acesso negado...' and goes to / after 1 s. */
export function AgentTemplatesRoute() {
  const { t } = useTranslation();
  return (
    <RoleGuard role="super" deniedMessage={t('agentTemplates.accessDenied')}>
      <AgentTemplatesPage />
    </RoleGuard>
  );
}
