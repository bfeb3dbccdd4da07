import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Spinner, usePageTitle } from '../ui/primitives';
import { toast } from '../ui/toast-store';

interface BatchData {
  files?: unknown[];
}

/**
 * /batch-editor: the Professional Batch Editor receives `batchData` through navigation state
 * (docs/product-rules.md, 'Batch'). Without files it says so and returns home.
 */
export function BatchEditorScreen() {
  usePageTitle('Professional Batch Editor');
  const location = useLocation();
  const navigate = useNavigate();
  const batchData = (location.state as { batchData?: BatchData } | null)?.batchData;
  const hasFiles = Array.isArray(batchData?.files) && batchData.files.length > 0;

  useEffect(() => {
    if (!hasFiles) {
      toast({ title: 'Error', description: 'No batch files found. Please process some files first.', variant: 'destructive' });
      void navigate('/', { replace: true });
    }
  }, [hasFiles, navigate]);

  return (
    <div className="page">
      <h1>Professional Batch Editor</h1>
      <Spinner label="Loading Batch Workspace..." />
    </div>
  );
}
