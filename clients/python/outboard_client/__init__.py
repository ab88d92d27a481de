"""outboard_client: use a running Outboard hub from Python (standard library only): connect with the home's
token file, events with resume, rpc, run an action with its progress. The twin of @outboard/client."""

from .client import Backoff, HubClient, HubEvent, Reset, connect
from .errors import CLIENT_ERROR_CODES, ClientError, HubCallError
from .locate import CLIENT_API_VERSIONS, HubIdentity

__all__ = ["Backoff", "CLIENT_API_VERSIONS", "CLIENT_ERROR_CODES", "ClientError", "HubCallError", "HubClient", "HubEvent", "HubIdentity", "Reset", "connect"]
