import Foundation
import Testing

@testable import FleetModel

@Suite("Vehicle names")
struct VehicleNameTests {
    @Test func parsesAValidName() throws {
        let name = try VehicleName(parsing: "providers/my-project/vehicles/car-7")
        #expect(name.provider == "my-project")
        #expect(name.vehicleID == "car-7")
        #expect(name.description == "providers/my-project/vehicles/car-7")
        #expect(name.parent == "providers/my-project")
        #expect(name == (try VehicleName(provider: "my-project", vehicleID: "car-7")))
        #expect(VehicleName(name.description) == name)
    }

    @Test(arguments: [
        "car-7", "providers/p/vehicles", "providers/p/vehicles/v/", "providers/p/vehicle/v",
        "providers/p/vehicles/v/x",
    ])
    func rejectsMalformedNames(text: String) {
        #expect(throws: NameError.self) { try VehicleName(parsing: text) }
    }

    @Test(arguments: ["/", ":", "?", ",", "#"])
    func forbiddenCharactersInTheVehicleID(character: String) {
        let text = "providers/p/vehicles/v\(character)1"
        #expect(throws: NameError.self) { try VehicleName(parsing: text) }
        #expect(throws: NameError.self) { try VehicleName(provider: "p", vehicleID: "v\(character)1") }
    }

    @Test func errorFieldsAndFormat() {
        do {
            _ = try VehicleName(parsing: "providers/p/vehicles/a?b")
            Issue.record("expected an error")
        } catch {
            #expect(error.field == .vehicleID)
            #expect(error.reason == "contains '?'")
            #expect(error.description.hasSuffix("(expected providers/{provider}/vehicles/{vehicle})"))
        }
        #expect(
            throws: NameError(
                input: "", field: .providerID, reason: "is empty",
                expectedFormat: "providers/{provider}/vehicles/{vehicle}", name: "providers//vehicles/v"
            )
        ) { try VehicleName(parsing: "providers//vehicles/v") }
    }

    @Test func tripNameIsRejectedWithAHint() {
        do {
            _ = try VehicleName(parsing: "providers/p/trips/t")
            Issue.record("expected an error")
        } catch {
            #expect(error.field == .vehicleName)
            #expect(
                error.reason
                    == "must look like providers/{provider}/vehicles/{vehicle} (this is a trip name)")
        }
    }

    @Test func codableAsAPlainJSONString() throws {
        let name = try VehicleName(parsing: "providers/p/vehicles/v")
        let data = try JSONEncoder().encode(name)
        #expect(try JSONDecoder().decode(String.self, from: data) == "providers/p/vehicles/v")
        #expect(try JSONDecoder().decode(VehicleName.self, from: data) == name)
    }
}
