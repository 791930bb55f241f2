import { QueryClient } from '@tanstack/react-query';

// errors are already shown by the HTTP client; retrying a refused call would repeat the notice
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30000 } },
});
