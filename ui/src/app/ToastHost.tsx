import { lazy, Suspense } from 'react';
import { useToastsWanted } from '../api/toast';

const ToastContainer = lazy(() =>
  import('@adobe/react-spectrum/Toast').then((module) => ({ default: module.ToastContainer })),
);

/** Mounts Spectrum's toast region once the first toast is wanted (see api/toast). */
export function ToastHost() {
  const wanted = useToastsWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
