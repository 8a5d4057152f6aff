import { useState } from 'react';
import { errorText } from '../../../app/serverMessage';
import { uploadPhoto } from './catalogueApi';

/**
 * A photo uploaded at once when chosen (POST /api/uploadImage: checked from its bytes, re-encoded): its link goes to
 * `onUploaded`; while it uploads, and the server's refusal in its words, for the field to show.
 */
export function usePhotoUpload(onUploaded: (link: string) => void) {
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setProblem(null);
    try {
      onUploaded((await uploadPhoto(file)).filelink);
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setUploading(false);
    }
  };

  return { choose, uploading, problem };
}
