import { useEffect, type ComponentProps } from 'react';
import { Toaster } from 'sonner';
import { toasterMounted } from '../../lib/toast';

/** sonner's Toaster, in its own chunk; tells lib/toast when it listens (its own effect runs first). */
export default function LoadedToaster(props: ComponentProps<typeof Toaster>) {
  useEffect(toasterMounted, []);
  return <Toaster {...props} />;
}
