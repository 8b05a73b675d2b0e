import { PhotoIcon, TrashIcon } from '@heroicons/react/24/outline';
import { useId, useState, type ChangeEvent } from 'react';
import { MAX_PHOTO_BYTES } from '@ats/contracts/applicants';
import { Button } from '@ats/ui/button';
import { dataUrlOversize, fileOversize } from '../../shared/format/upload-size';
