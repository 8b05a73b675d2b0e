import { useId, useRef, useState } from 'react';
import { PhotoIcon } from '@heroicons/react/24/outline';
import { MAX_LOGO_BYTES, type TAccount } from '@ats/contracts/account';
import { Button } from '@ats/ui/button';
import { ConfirmDialog } from '@ats/ui/confirm-dialog';
import { fileOversize } from '../../shared/format/upload-size';
