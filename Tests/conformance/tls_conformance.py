#!/usr/bin/env python3
"""`tripterm serve --tls-cert FILE --tls-key FILE` to Google's own Fleet Engine client over TLS.

The client trusts the test's private CA through `grpc.ssl_channel_credentials(root_certificates=…)`, as a provider
backend would trust its company's; the server is checked to answer a call, to refuse a message over the size limit
with RESOURCE_EXHAUSTED, and to be unreachable by a plaintext channel. REST over the same certificate is read with
Python's own TLS (HTTP/1.1).

Usage: tls_conformance.py HOST:PORT CA_FILE SERVER_TOKEN HTTPS_BASE_URL
"""

import json
import ssl
import sys
import urllib.request

import grpc
from google.api_core import exceptions, gapic_v1
from google.maps import fleetengine_v1 as fe
from google.maps.fleetengine_v1.services.vehicle_service.transports.grpc import VehicleServiceGrpcTransport

TARGET, CA_FILE, SERVER, BASE = sys.argv[1:5]
PARENT = "providers/conformance-tls"
AUTO = fe.Vehicle.VehicleType(category=fe.Vehicle.VehicleType.Category.AUTO)


def vehicles_over(channel):
    return fe.VehicleServiceClient(transport=VehicleServiceGrpcTransport(channel=channel))


def create(client, vehicle_id, attributes=(), retry=gapic_v1.method.DEFAULT):
    vehicle = fe.Vehicle(
        vehicle_state=fe.VehicleState.OFFLINE, supported_trip_types=[fe.TripType.EXCLUSIVE], maximum_capacity=4,
        vehicle_type=AUTO, attributes=list(attributes))
    return client.create_vehicle(
        fe.CreateVehicleRequest(parent=PARENT, vehicle_id=vehicle_id, vehicle=vehicle),
        metadata=[("authorization", f"Bearer {SERVER}")], timeout=10, retry=retry)


def main():
    with open(CA_FILE, "rb") as f:
        root = f.read()
    secure = grpc.secure_channel(TARGET, grpc.ssl_channel_credentials(root_certificates=root))
    vehicles = vehicles_over(secure)

    created = create(vehicles, "tls-1")
    assert created.name == f"{PARENT}/vehicles/tls-1", created.name

    huge = fe.VehicleAttribute(key="padding", value="x" * ((1 << 20) + 1000))
    try:
        create(vehicles, "tls-2", [huge])
        raise AssertionError("a message over 1 MiB was accepted")
    except exceptions.ResourceExhausted as error:
        assert "exceeds the limit" in error.message, error.message

    try:
        # Without the client's retries, which would keep trying the plaintext channel until the timeout.
        create(vehicles_over(grpc.insecure_channel(TARGET)), "tls-3", retry=None)
        raise AssertionError("a plaintext channel was answered by the TLS port")
    except exceptions.GoogleAPICallError as error:
        assert error.grpc_status_code == grpc.StatusCode.UNAVAILABLE, error

    request = urllib.request.Request(
        f"{BASE}/v1/{PARENT}/vehicles/tls-1", headers={"Authorization": f"Bearer {SERVER}"})
    with urllib.request.urlopen(request, context=ssl.create_default_context(cafile=CA_FILE), timeout=10) as answer:
        assert json.load(answer)["name"] == f"{PARENT}/vehicles/tls-1"

    print("tls conformance: gRPC and REST over TLS with a private CA, RESOURCE_EXHAUSTED over the size limit, "
          "plaintext refused")


if __name__ == "__main__":
    main()
