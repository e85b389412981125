// Node as a browser to PeerJS and y-webrtc (scripts/node/webrtc.ts, shared with bench/). Import first in a test file.
import '../../../scripts/node/webrtc.js';
