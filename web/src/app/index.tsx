import { DocumentIcons } from '@/features/logos/components/document-icons';

import { AppProvider } from './provider';
import { AppRouter } from './router';

export function App() {
  return (
    <AppProvider>
      <DocumentIcons />
      <AppRouter />
    </AppProvider>
  );
}
