import HTMLMarkup

/// Turns Microdata items into schema.org objects.
struct MicrodataItems {
    /// Where the items sit: the path prefix, and whether lines are meaningful for the input.
    var basePath: String
    var linesAreMeaningful: Bool

    func objects(in items: [MicrodataItem]) -> [SchemaObject] {
        items.enumerated().map { index, item in object(item, path: JSONPath.join(basePath, "item[\(index + 1)]")) }
    }

    private func object(_ item: MicrodataItem, path: String) -> SchemaObject {
        var properties = SchemaProperties()
        for property in item.properties {
            let name = SchemaObject.localName(property.name)
            let propertyPath = JSONPath.join(path, name)
            let value: SchemaValue =
                switch property.value {
                case .text(let text): .text(text, place(propertyPath, property.line))
                case .item(let nested): .object(object(nested, path: propertyPath))
                }
            properties.append(value, to: name)
        }
        return SchemaObject(types: item.types.map(SchemaObject.localName), properties: properties, place: place(path, item.line))
    }

    private func place(_ path: String, _ line: Int) -> SchemaPlace {
        SchemaPlace(path: path, position: linesAreMeaningful ? TextPosition(line: line, column: 1) : nil)
    }
}
